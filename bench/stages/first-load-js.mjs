/**
 * First-load JS (docs/bench.md, docs/decisions.md "First-load JavaScript"): the module scripts of each
 * page's server HTML, each file gzipped at level 6 from the build's static folder, summed. bench/first-load-js.mjs
 * prints the same figure against a running server.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The script files a first visit downloads: the `src` of every <script> but noModule (legacy polyfills), once each. */
export function scriptSources(html) {
  // noModule scripts (legacy polyfills) are skipped by every browser that runs modules.
  return [...new Set([...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]).filter((a) => !/\bnomodule\b/i.test(a)).map((a) => /\bsrc="([^"]+)"/i.exec(a)?.[1]).filter(Boolean))];
}

/** A template's first-load JS: status, script count, raw and gzip KB, every file's gzip KB (largest first). */
export async function measureFirstLoadJs(origin, template, staticDir = path.join('.next', 'static')) {
  const res = await fetch(origin + template.url, { headers: template.cookie ? { cookie: template.cookie } : {}, signal: AbortSignal.timeout(20_000) });
  const srcs = scriptSources(await res.text());
  let raw = 0;
  let gzip = 0;
  const files = [];
  for (const src of srcs.slice(0, 200)) {
    const rel = new URL(src, origin).pathname;
    let bytes;
    const local = rel.startsWith('/_next/static/') ? path.join(staticDir, decodeURIComponent(rel.slice('/_next/static/'.length))) : null;
    if (local && fs.existsSync(local)) bytes = fs.readFileSync(local);
    else bytes = Buffer.from(await (await fetch(new URL(src, origin), { signal: AbortSignal.timeout(20_000) })).arrayBuffer());
    const gz = zlib.gzipSync(bytes, { level: 6 }).length;
    raw += bytes.length;
    gzip += gz;
    files.push({ file: rel, gzipKB: +(gz / 1024).toFixed(1) });
  }
  return { status: res.status, scripts: srcs.length, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gzip / 1024).toFixed(1), files: files.sort((a, b) => b.gzipKB - a.gzipKB) };
}

/** The report's row of a template: its three largest files. */
export async function firstLoadJs(origin, template, staticDir) {
  const { files, ...m } = await measureFirstLoadJs(origin, template, staticDir);
  return { name: template.name, url: template.url, ...m, largest: files.slice(0, 3) };
}
