#!/usr/bin/env node
/**
 * First-load JS per page template, measured as `npm run bench` measures it (bench/stages/first-load-js.mjs):
 * the module <script src> tags of each page's server HTML (noModule skipped),
 * each file gzipped at level 6, summed. The budget (docs/decisions.md
 * “First-load JavaScript”): a public page ships at most 30 KB gzip more than the
 * framework floor, an empty App Router page with one next/link.
 *
 * Starts nothing: point it at a running `next start` of this tree's build.
 *   node scripts/first-load-js.mjs http://127.0.0.1:3200 [--files] [--floor KB]
 * `--files` lists each page's scripts with their gzip size. `--floor` gives the
 * floor in KB; without it, the floor of the last `npm run bench` (.reports/bench.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const origin = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const showFiles = process.argv.includes('--files');
const OVER_FLOOR_KB = 30;

/** The floor: --floor KB, else the empty page with one next/link of the last bench report. */
function floorKB() {
  const at = process.argv.indexOf('--floor');
  if (at > 0 && Number(process.argv[at + 1]) > 0) return { kb: Number(process.argv[at + 1]), from: '--floor' };
  try {
    const report = JSON.parse(fs.readFileSync(path.join('.reports', 'bench.json'), 'utf8'));
    const withLink = report.frameworkFloorJs?.find((f) => f.url === '/with-link');
    if (withLink) return { kb: withLink.gzipKB, from: `.reports/bench.json of ${report.generatedAt}` };
  } catch {
    /* no report */
  }
  return null;
}
const floor = floorKB();
const BUDGET_KB = floor ? +(floor.kb + OVER_FLOOR_KB).toFixed(1) : null;
const DEMO = { phone: '13800000001', password: 'Shengai2026' };

const get = async (url, headers = {}) => {
  const res = await fetch(origin + url, { headers, signal: AbortSignal.timeout(30_000) });
  return { status: res.status, html: await res.text() };
};

/** The first link of a list page whose path matches `pattern`. */
async function firstLink(listUrl, pattern) {
  const { html } = await get(listUrl);
  for (const m of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/gi)) {
    const href = m[1].replace(/&amp;/g, '&');
    if (pattern.test(href)) return href;
  }
  return null;
}

async function memberCookie() {
  const res = await fetch(`${origin}/api/AuthenticationCenter/PcPwdLogin?IsWeb=1`, {
    method: 'POST',
    body: new URLSearchParams({ Phone: DEMO.phone, Password: DEMO.password }),
  });
  const body = await res.json().catch(() => null);
  if (body?.ErrorNo !== 1) return null;
  return `Token=${body.Result.access_token}; refreshToken=${body.Result.refresh_token ?? ''}`;
}

async function measure(url, cookie) {
  const { status, html } = await get(url, cookie ? { cookie } : {});
  const srcs = [
    ...new Set(
      [...html.matchAll(/<script\b([^>]*)>/gi)]
        .map((m) => m[1])
        .filter((a) => !/\bnomodule\b/i.test(a))
        .map((a) => /\bsrc="([^"]+)"/i.exec(a)?.[1])
        .filter(Boolean),
    ),
  ];
  let gzip = 0;
  const files = [];
  for (const src of srcs) {
    const rel = new URL(src, origin).pathname;
    const local = rel.startsWith('/_next/static/') ? path.join('.next', 'static', decodeURIComponent(rel.slice(14))) : null;
    const bytes = local && fs.existsSync(local)
      ? fs.readFileSync(local)
      : Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    const gz = zlib.gzipSync(bytes, { level: 6 }).length;
    gzip += gz;
    files.push([rel, gz]);
  }
  return { status, gzip, files };
}

const templates = [
  ['home', '/'],
  ['doctor list', '/doctorlist'],
  ['doctor detail', await firstLink('/doctorlist', /^\/doctordetail\/[^/?#]+$/)],
  ['clinic list', '/hospitallist'],
  ['clinic detail', await firstLink('/hospitallist', /^\/hospitaldetail\/[^/?#]+$/)],
  ['online questions', '/onlinequestionslist'],
  ['illness detail', await firstLink('/illnesslist', /^\/illnessdetail\/[^/?#]+$/)],
  ['news list', '/trendsInfor'],
  ['news detail', await firstLink('/trendsInfor', /^\/newtdetail\/[^?#]+$/)],
  ['charity', '/foundation'],
  ['search results', `/searchList?keyword=${encodeURIComponent('中医')}`],
  ['help centre', '/registrationQuestion'],
  ['points mall', '/onlineMall'],
  ['product detail', await firstLink('/onlineMall', /^\/productDetails\?sn=/)],
  ['/userIndex logged in', '/userIndex', await memberCookie()],
];

if (floor) console.log(`framework floor ${floor.kb} KB (${floor.from}); budget ${BUDGET_KB} KB = floor + ${OVER_FLOOR_KB} KB`);
else console.log('framework floor unknown (no --floor and no .reports/bench.json): sizes only');
let over = 0;
for (const [name, url, cookie] of templates) {
  if (!url) {
    console.log(`${name.padEnd(22)} (no URL found)`);
    continue;
  }
  const r = await measure(url, cookie);
  const kb = r.gzip / 1024;
  if (BUDGET_KB !== null && kb > BUDGET_KB && !cookie) over++;
  const vsFloor = floor ? `  floor ${kb - floor.kb >= 0 ? '+' : ''}${(kb - floor.kb).toFixed(1)} KB` : '';
  console.log(`${name.padEnd(22)} ${kb.toFixed(1).padStart(6)} KB${vsFloor}  ${String(r.files.length).padStart(2)} scripts  ${r.status}  ${url}`);
  if (showFiles) for (const [f, gz] of r.files.sort((a, b) => b[1] - a[1])) console.log(`    ${(gz / 1024).toFixed(1).padStart(6)} KB  ${f}`);
}
if (BUDGET_KB !== null) console.log(over ? `${over} public template(s) over ${BUDGET_KB} KB` : `all public templates ≤ ${BUDGET_KB} KB`);
