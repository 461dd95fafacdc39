/**
 * The slowest page with the API host hanging (docs/security.md "Faults"): `npm run bench:hanging`.
 *
 * Starts the misbehaving host of the fault tests (test/fault-server.ts) in 'hang' mode (it accepts every
 * request and never answers), a production `next start` whose API_BASE_URL is that host, and times a
 * first visit (nothing cached) of each public template, a document load (the whole-page cache's render)
 * and a member page with a refresh cookie, with the headers a browser sends. Loopback only. Needs a build.
 * Prints a table and the slowest answer; SPEC §9's 8 s client timeout means every page should answer
 * within 9 s.
 */
import { spawn } from 'node:child_process';
import { tsImport } from 'tsx/esm/api';
import { freePort, root } from './shared.mjs';

const { startFaultServer } = await tsImport('../test/fault-server.ts', import.meta.url);

const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'zh-CN,zh;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

const PAGES = [
  ['home', '/'],
  ['doctor list', '/doctorlist'],
  ['doctor detail', '/doctordetail/D100001'],
  ['clinic list', '/hospitallist'],
  ['clinic detail', '/hospitaldetail/SA0101'],
  ['news list', '/trendsInfor'],
  ['news detail', '/newtdetail/2'],
  ['points mall', '/onlineMall'],
  ['search', '/searchList?keyword=失眠'],
  ['member page, refresh cookie only', '/userIndex', { cookie: 'refreshToken=hanging-host-refresh-token' }],
];

const fault = await startFaultServer({ mode: 'hang', hangMs: 30_000 });
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
  cwd: root,
  env: { ...process.env, API_BASE_URL: fault.url, SITE_URL: origin, NODE_ENV: 'production', PORT: String(port) },
  stdio: 'ignore',
  detached: true,
});

try {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${origin}/robots.txt`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const rows = [];
  for (const [label, url, extra] of PAGES) {
    const started = performance.now();
    let status = 'no answer';
    try {
      const res = await fetch(`${origin}${url}`, { headers: { ...BROWSER, ...extra }, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      status = String(res.status);
    } catch (err) {
      status = `failed: ${String(err).slice(0, 60)}`;
    }
    rows.push({ label, url, status, ms: Math.round(performance.now() - started) });
  }
  console.log('| page | address | status | ms |\n| --- | --- | --- | --- |');
  for (const r of rows) console.log(`| ${r.label} | \`${r.url}\` | ${r.status} | ${r.ms} |`);
  const slowest = rows.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(`\nslowest with the API host hanging: ${slowest.label} (${slowest.url}) ${slowest.ms} ms, status ${slowest.status}`);
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
  await fault.close();
}
