/**
 * nginx serving the saved bytes of the home page with gzip_static (docs/bench.md "nginx"): the machine's
 * physical limit, the reference of the stack's goal. Its configuration is bench/stages/nginx-static.conf.template.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { freePort, killTree, waitUp } from '../shared.mjs';

const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx-static.conf.template');

/**
 * A template with its @NAME@ placeholders filled, as scripts/deploy-local.sh fills deploy/'s. A placeholder
 * without a value is an error, not an empty string: nginx would start on a half-written configuration.
 */
export function fillTemplate(text, values) {
  return text.replace(/@([A-Z][A-Z0-9_]*)@/g, (_, name) => {
    if (!Object.hasOwn(values, name)) throw new Error(`no value for @${name}@`);
    return String(values[name]);
  });
}

/** Installs Debian's nginx when it is missing (as root); false when it cannot be had. */
export function ensureNginx() {
  const r = spawnSync('bash', [path.join('scripts', 'ensure-debian-package.sh'), '/usr/sbin/nginx', 'nginx'], { stdio: 'inherit', timeout: 10 * 60_000 });
  return r.status === 0;
}

/** nginx on a free loopback port serving `homeHtml` and its .gz; `stopNginx` ends it and removes its folder. */
export async function startNginx(homeHtml) {
  if (!fs.existsSync('/usr/sbin/nginx')) return { ok: false };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, 'www'));
  fs.writeFileSync(path.join(dir, 'www', 'index.html'), homeHtml);
  // The same bytes precompressed, as deploy/ serves static files (gzip_static; nginx-light has no brotli).
  fs.writeFileSync(path.join(dir, 'www', 'index.html.gz'), zlib.gzipSync(homeHtml, { level: 9 }));
  fs.chmodSync(path.join(dir, 'www', 'index.html.gz'), 0o644);
  fs.chmodSync(path.join(dir, 'www'), 0o755);
  fs.chmodSync(path.join(dir, 'www', 'index.html'), 0o644);
  const port = await freePort();
  fs.mkdirSync(path.join(dir, 'tmp'));
  fs.writeFileSync(path.join(dir, 'nginx.conf'), fillTemplate(fs.readFileSync(TEMPLATE, 'utf8'), { DIR: dir, PORT: port, WORKERS: os.cpus().length }));
  const child = spawn('/usr/sbin/nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore', detached: true });
  child.on('error', () => {}); // a failed start shows as no answer below
  const ok = await waitUp(`http://127.0.0.1:${port}/`, 15_000);
  return { child, dir, url: `http://127.0.0.1:${port}/`, ok };
}

export function stopNginx(nginx) {
  killTree(nginx?.child);
  if (nginx?.dir) fs.rmSync(nginx.dir, { recursive: true, force: true });
}
