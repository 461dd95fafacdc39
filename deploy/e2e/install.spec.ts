/**
 * docs/operations.md "Install on a server": deploy/install.sh, run as written against a scratch folder standing
 * in for / (SHENGAI_ROOT; Debian's packages and Node are this machine's, SHENGAI_SKIP_APT=1): the service user,
 * who owns what the site writes, secrets of its own, the systemd units, an nginx config that nginx accepts, the
 * logrotate rules, Redis's persistence. Then the site runs from that layout as the unit runs it (its ExecStart,
 * its user, its environment file): ready, its database writable, a login answered. The same release run by
 * another user is not ready and says why (the EACCES of a missing chown, which /robots.txt never showed).
 * DEPLOY_INSTALL_PORT (default 4830) is the port the installed site answers on.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const state = path.resolve(process.env.DEPLOY_STATE || '.deploy');
const root = path.join(state, 'install-root');
const port = Number(process.env.DEPLOY_INSTALL_PORT || 4830);
const home = path.join(root, 'srv/shengai');

function install() {
  return execFileSync('bash', ['deploy/install.sh'], {
    env: {
      ...process.env,
      SHENGAI_ROOT: root,
      SHENGAI_SKIP_APT: '1',
      // Production runs Node 24 LTS (22 passes too); the machine that runs these tests may have Node 20 only.
      ...(Number(process.versions.node.split('.')[0]) < 22 ? { SHENGAI_OLD_NODE: '1' } : {}),
      SHENGAI_PORTS: '3001 3002',
      SHENGAI_CERT: path.join(state, 'tls/cert.pem'),
      SHENGAI_CERT_KEY: path.join(state, 'tls/key.pem'),
    },
    encoding: 'utf8',
  });
}

function envFile(file: string): Record<string, string> {
  return Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      // KEY="value" as systemd reads it: the quotes are not part of the value.
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).replace(/^"(.*)"$/, '$1')]),
  );
}

let site: ChildProcess | undefined;
// The scratch root holds a copy of the build: gone after the test.
test.afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
test.afterEach(() => {
  if (site?.pid) {
    try {
      process.kill(site.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  site = undefined;
});

/**
 * Starts the release as the unit does: its ExecStart (port %i), its user, its environment files in their order
 * (the release's memory settings, then shengai.env), then `env`, this run's changes to them.
 */
async function startAsUnit(uid: number, gid: number, env: Record<string, string>) {
  const unit = fs.readFileSync(path.join(root, 'etc/systemd/system/shengai-next@.service'), 'utf8');
  const exec = /^ExecStart=(.+)$/m.exec(unit)![1]!.replaceAll('%i', String(port)).split(/\s+/);
  const files = [...unit.matchAll(/^EnvironmentFile=(-?)\/srv\/shengai\/(.+)$/gm)].map(([, optional, file]) => ({ optional, file: path.join(home, file!) }));
  expect(files.map((f) => path.relative(home, f.file))).toEqual(['current/deploy/node-memory.env', 'shared/shengai.env']);
  const unitFiles = Object.assign({}, ...files.map((f) => (f.optional && !fs.existsSync(f.file) ? {} : envFile(f.file))));
  expect(unitFiles.NODE_OPTIONS).toMatch(/--max-old-space-size=\d+/);
  let output = '';
  site = spawn('setpriv', [`--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', ...exec], {
    cwd: path.join(home, 'current'),
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...unitFiles, ...env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  site.stdout!.on('data', (c) => (output += c));
  site.stderr!.on('data', (c) => (output += c));
  // Up (it answers /healthz), or ended (a start problem it printed).
  await expect
    .poll(async () => site!.exitCode !== null || (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false)), { timeout: 90_000 })
    .toBe(true);
  return () => output;
}

test('deploy/install.sh in a fresh root: the user, its folders, secrets, units, nginx, logrotate and Redis, and the site runs as the unit', async () => {
  test.setTimeout(240_000);
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(path.join(root, 'etc/nginx'), { recursive: true });
  fs.mkdirSync(path.join(root, 'etc/redis'), { recursive: true });
  for (const file of ['passwd', 'group', 'shadow', 'gshadow', 'login.defs']) {
    if (fs.existsSync(`/etc/${file}`)) fs.copyFileSync(`/etc/${file}`, path.join(root, 'etc', file));
  }
  fs.writeFileSync(path.join(root, 'etc/nginx/nginx.conf'), '# Debian’s own\n');
  fs.writeFileSync(path.join(root, 'etc/redis/redis.conf'), 'port 6379\n');

  const output = install();
  expect(output).toContain('[install] service user shengai');
  const user = fs.readFileSync(path.join(root, 'etc/passwd'), 'utf8').split('\n').find((l) => l.startsWith('shengai:'))!;
  const [, , uidText, gidText, , userHome, shell] = user.split(':');
  const uid = Number(uidText);
  const gid = Number(gidText);
  expect(uid).toBeGreaterThan(0);
  expect(uid).toBeLessThan(1000);
  expect([userHome, shell]).toEqual(['/srv/shengai', '/usr/sbin/nologin']);
  // What the site writes belongs to the service user.
  for (const dir of ['shared/data', 'shared/static', 'shared/backups', 'shared/page-cache', 'releases']) expect(fs.statSync(path.join(home, dir)).uid, dir).toBe(uid);
  // Secrets of its own, readable by root and the service user's group only; nothing of the example's.
  const envPath = path.join(home, 'shared/shengai.env');
  expect(fs.statSync(envPath).mode & 0o777).toBe(0o640);
  expect(fs.statSync(envPath).gid).toBe(gid);
  const env = envFile(envPath);
  expect(env.JWT_SECRET).toMatch(/^[0-9a-f]{64}$/);
  expect(env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  expect(env.NEXT_MANUAL_SIG_HANDLE).toBe('1');
  expect(env.API_BASE_URL).toBe('');
  // The units, the nginx config (nginx accepts it), logrotate, Redis.
  expect(fs.readFileSync(path.join(root, 'etc/systemd/system/shengai.target'), 'utf8')).toContain('Wants=shengai-next@3001.service shengai-next@3002.service');
  const nginxConf = path.join(root, 'etc/nginx/nginx.conf');
  expect(fs.readFileSync(nginxConf, 'utf8')).toContain('server 127.0.0.1:3002 max_fails=1 fail_timeout=2s;');
  expect(fs.readFileSync(path.join(root, 'etc/nginx/nginx.conf.before-shengai'), 'utf8')).toBe('# Debian’s own\n');
  fs.mkdirSync(path.join(root, 'var/cache/nginx/shengai'), { recursive: true });
  execFileSync('nginx', ['-t', '-q', '-c', nginxConf], { stdio: 'pipe' });
  expect(fs.readFileSync(path.join(root, 'etc/logrotate.d/shengai'), 'utf8')).toContain(`${root}/var/log/nginx/nginx-access.log`);
  execFileSync('logrotate', ['-d', path.join(root, 'etc/logrotate.d/shengai')], { stdio: 'pipe' });
  expect(fs.readFileSync(path.join(root, 'etc/redis/redis.conf'), 'utf8')).toContain('include /etc/redis/shengai.conf');
  expect(fs.readFileSync(path.join(root, 'etc/redis/shengai.conf'), 'utf8')).toMatch(/^appendonly yes$/m);
  // Run again: nothing changes that should not (the secrets are kept).
  install();
  expect(envFile(envPath).JWT_SECRET).toBe(env.JWT_SECRET);

  // A release of this build, as the service user would have built it (docs/operations.md "Releases").
  const release = path.join(home, 'releases/test');
  fs.mkdirSync(release, { recursive: true });
  execFileSync('bash', ['-c', `cp -a .next/. "${release}/.next/" 2>/dev/null || (mkdir -p "${release}/.next" && cp -a .next/. "${release}/.next/")`]);
  fs.rmSync(path.join(release, '.next/cache'), { recursive: true, force: true });
  for (const entry of ['public', 'content', 'deploy', 'package.json', 'next.config.mjs']) execFileSync('cp', ['-a', entry, release]);
  fs.symlinkSync(path.resolve('node_modules'), path.join(release, 'node_modules'));
  execFileSync('chown', ['-R', '-h', `${uid}:${gid}`, release]);
  fs.symlinkSync(release, path.join(home, 'current'));

  // As the unit runs it, with this machine's embedded backend chosen on purpose (the example leaves API_BASE_URL
  // for the operator to set). The paths of the environment file live under the scratch root.
  const unitEnv = {
    ...envFile(envPath),
    EMBEDDED_BACKEND: '1',
    DATABASE_PATH: path.join(home, 'shared/data/site.db'),
    PAGE_CACHE_DIR: path.join(home, 'shared/page-cache'),
    SITE_URL: `http://127.0.0.1:${port}`,
    REDIS_URL: '',
  };
  const log = await startAsUnit(uid, gid, unitEnv);
  // A process that ended says why in what it printed.
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch((error: unknown) => {
    throw new Error(`${String(error)}; the process printed:\n${log()}`);
  });
  expect(ready.status, log()).toBe(200);
  expect(await ready.json()).toMatchObject({ checks: { database: 'ok' } });
  // A login writes (its attempt is counted in the database): answered, never 系统错误.
  const login = await (await fetch(`http://127.0.0.1:${port}/api/AuthenticationCenter/PcPwdLogin`, { method: 'POST', body: new URLSearchParams({ Phone: '13800000001', Password: 'Shengai2026' }) })).json();
  expect(login.ErrorNo, log()).not.toBe(500);
  // No demo member: the README's password opens nothing here.
  expect(login.ErrorNo).not.toBe(1);
  expect(fs.statSync(path.join(home, 'shared/data/site.db')).uid).toBe(uid);
  // The pages it keeps on disk (lib/page-cache/disk.ts) go to the folder install made for the service user.
  expect((await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } })).status).toBe(200);
  const keptPages = () => fs.readdirSync(path.join(home, 'shared/page-cache'), { recursive: true }).map(String).filter((f) => f.endsWith('.page'));
  await expect.poll(() => keptPages().length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(fs.statSync(path.join(home, 'shared/page-cache', keptPages()[0]!)).uid).toBe(uid);
  process.kill(site!.pid!, 'SIGTERM');
  await expect.poll(() => site!.exitCode, { timeout: 30_000 }).toBe(0);

  // The layout the issue found: the database made by root (a build run as root), the site run as the service
  // user. SQLite opens it read-only and pages are served, but no login could be: not ready, and it says why.
  execFileSync('chown', ['-R', '0:0', path.join(home, 'shared/data')]);
  execFileSync('chmod', ['-R', 'a+rX,go-w', path.join(home, 'shared/data')]);
  const refusedLog = await startAsUnit(uid, gid, unitEnv);
  const refused = await fetch(`http://127.0.0.1:${port}/readyz`);
  expect(refused.status, refusedLog()).toBe(503);
  expect((await refused.json()).reason).toMatch(/^database: .*not writable by this process/);
});
