#!/usr/bin/env node
/**
 * First-load JS per page template against a running server, measured as `npm run bench` measures it
 * (bench/stages/first-load-js.mjs: the module <script src> tags of each page's server HTML, noModule skipped,
 * each file gzipped at level 6, summed), on the templates the bench finds (bench/stages/discovery.mjs). The
 * budget (docs/decisions.md “First-load JavaScript”): a public page ships at most 30 KB gzip more than the
 * framework floor, an empty App Router page with one next/link.
 *
 * Starts nothing: point it at a running `next start` of this tree's build.
 *   node bench/first-load-js.mjs http://127.0.0.1:3200 [--files] [--floor KB]
 * `--files` lists each page's scripts with their gzip size. `--floor` gives the
 * floor in KB; without it, the floor of the last `npm run bench` (.reports/bench.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import { GOALS, LOGGED_IN_TEMPLATE } from './goals.mjs';
import { JSON_REPORT } from './report.mjs';
import { root } from './shared.mjs';
import { discover, memberCookie, templateList } from './stages/discovery.mjs';
import { measureFirstLoadJs } from './stages/first-load-js.mjs';

const origin = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const showFiles = process.argv.includes('--files');
const OVER_FLOOR_KB = GOALS.firstLoadJsOverFloorKB;
// The build's static files are read from this tree's .next, wherever the command is run from.
process.chdir(root);

/** The floor: --floor KB, else the empty page with one next/link of the last bench report. */
function floorKB() {
  const at = process.argv.indexOf('--floor');
  if (at > 0 && Number(process.argv[at + 1]) > 0) return { kb: Number(process.argv[at + 1]), from: '--floor' };
  try {
    const report = JSON.parse(fs.readFileSync(JSON_REPORT, 'utf8'));
    const withLink = report.frameworkFloorJs?.find((f) => f.url === '/with-link');
    if (withLink) return { kb: withLink.gzipKB, from: `${JSON_REPORT} of ${report.generatedAt}` };
  } catch {
    /* no report */
  }
  return null;
}
const floor = floorKB();
const BUDGET_KB = floor ? +(floor.kb + OVER_FLOOR_KB).toFixed(1) : null;

const templates = templateList(await discover(origin), await memberCookie(origin));

if (floor) console.log(`framework floor ${floor.kb} KB (${floor.from}); budget ${BUDGET_KB} KB = floor + ${OVER_FLOOR_KB} KB`);
else console.log(`framework floor unknown (no --floor and no ${JSON_REPORT}): sizes only`);
let over = 0;
for (const t of templates) {
  if (!t.url) {
    console.log(`${t.name.padEnd(22)} (no URL found)`);
    continue;
  }
  const r = await measureFirstLoadJs(origin, t, path.join('.next', 'static'));
  if (BUDGET_KB !== null && r.gzipKB > BUDGET_KB && t.name !== LOGGED_IN_TEMPLATE) over++;
  const vsFloor = floor ? `  floor ${r.gzipKB - floor.kb >= 0 ? '+' : ''}${(r.gzipKB - floor.kb).toFixed(1)} KB` : '';
  console.log(`${t.name.padEnd(22)} ${r.gzipKB.toFixed(1).padStart(6)} KB${vsFloor}  ${String(r.scripts).padStart(2)} scripts  ${r.status}  ${t.url}`);
  if (showFiles) for (const f of r.files) console.log(`    ${f.gzipKB.toFixed(1).padStart(6)} KB  ${f.file}`);
}
if (BUDGET_KB !== null) console.log(over ? `${over} public template(s) over ${BUDGET_KB} KB` : `all public templates ≤ ${BUDGET_KB} KB`);
