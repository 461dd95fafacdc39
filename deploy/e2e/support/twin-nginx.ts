/**
 * A second nginx with this stack's own config (`scripts/deploy-local.sh render`: the template and its includes,
 * the micro-cache, TLS, the place-keyed locations), in a scratch prefix of its own and on free ports, in front of
 * upstream servers a test provides instead of the `next start` processes. Used by operations.spec.ts to hand the
 * micro-cache answers it could never get on demand from the real processes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A port nobody listens on now (the kernel's choice), for a server started right after. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TwinNginx {
  origin: string;
  /** The text of its error log (or access log) now; the access log is complete once stopped (it is buffered). */
  log(name: 'error' | 'access'): string;
  /** Stops it gracefully and waits until its master has exited. */
  stop(): Promise<void>;
}

/** Renders the stack's config for `upstreamPorts` into `scratch` and starts nginx there. */
export async function startTwinNginx(options: { state: string; scratch: string; upstreamPorts: number[] }): Promise<TwinNginx> {
  const { state, scratch } = options;
  fs.rmSync(scratch, { recursive: true, force: true });
  for (const dir of ['logs', 'run', 'tmp']) fs.mkdirSync(path.join(scratch, dir), { recursive: true });
  const [https, http] = [await freePort(), await freePort()];
  const conf = path.join(scratch, 'nginx', 'nginx.conf');
  // DEPLOY_STATE is the scratch folder: it has no stack.env, so render takes these values, not the stack's.
  execFileSync('bash', ['scripts/deploy-local.sh', 'render', conf], {
    env: {
      NODE_ENV: 'production',
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/root',
      DEPLOY_STATE: scratch,
      DEPLOY_HTTPS_PORT: String(https),
      DEPLOY_HTTP_PORT: String(http),
      DEPLOY_NEXT_PORTS: options.upstreamPorts.join(' '),
      DEPLOY_CERT: path.join(state, 'tls', 'cert.pem'),
      DEPLOY_CERT_KEY: path.join(state, 'tls', 'key.pem'),
      DEPLOY_STATIC_ROOT: path.join(state, 'static'),
    },
    stdio: 'pipe',
  });
  execFileSync('nginx', ['-c', conf, '-p', scratch], { stdio: 'pipe' });
  const pidFile = path.join(scratch, 'run', 'nginx.pid');
  return {
    origin: `https://127.0.0.1:${https}`,
    log: (name) => {
      const file = path.join(scratch, 'logs', `nginx-${name}.log`);
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    },
    stop: async () => {
      if (!fs.existsSync(pidFile)) return;
      const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      // SIGQUIT: a graceful stop, which also writes out the buffered access log.
      if (alive()) process.kill(pid, 'SIGQUIT');
      for (let i = 0; alive(); i++) {
        if (i === 300) process.kill(pid, 'SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
