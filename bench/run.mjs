#!/usr/bin/env node
/**
 * `npm run bench` (docs/bench.md): measures a production build on the embedded backend and writes
 * .reports/bench.json (every figure, git-ignored) and bench/report.md (the summary that is committed).
 *
 * This file is the order of the stages; each stage is a module of bench/stages/, the helpers they share are
 * bench/shared.mjs, the goals bench/goals.mjs and the report's writer bench/report.mjs. Every stage is bounded
 * (counts and time limits; loopback only), and one that fails leaves a note in the report, not a dead run.
 *  1. build: production build (reused when .next/BUILD_ID exists, unless BENCH_BUILD=1)
 *  2. server: `next start` on a free loopback port with a fresh bench database
 *  3. discovery: one URL of each template by following the site's own links (no hard-coded ids)
 *  4. lighthouse: Lighthouse 12 (desktop preset) on every template of docs/bench.md, /userIndex logged in
 *  5. js: first-load JS per route, gzip, from the script tags of each page's server HTML, and the framework
 *     floor (an empty Next app's own first-load JS and Lighthouse)
 *  6. throughput: autocannon, 50 connections × 20 s, with a browser's headers and again raw, on one process
 *     beside the floor, the proxy floor, nginx serving the same bytes and home rendered per request; then
 *     stack: the same pages through deploy/ (nginx over HTTPS, two next start, Redis: scripts/deploy-local.sh)
 *  7. scale: the doctor list at 1k/10k/100k doctors (bench/doctor-list-scale.ts); search: the patients' phrasings'
 *     hit rate, precision and server time per query (bench/search-quality.ts)
 *  8. load: 60 s × 50 connections on home and the doctor list, server RSS sampled
 *  9. burst: 300 first visits at once from as many addresses on the lists cached by place, on a fresh server
 * then the goals are judged and the report written, also when a stage threw.
 *
 * Environment: BENCH_BUILD=1 (rebuild), BENCH_DURATION_SCALE (e.g. 0.25 for a quick proof run; the report says
 * so), BENCH_SKIP=lighthouse,js,throughput,stack,scale,search,load,burst to skip stages, BENCH_LH_RUNS (Lighthouse runs
 * per template, 3; the median run is reported), BENCH_NOTE (a paragraph at the top of the report).
 */
import { judge } from './goals.mjs';
import { newReport, writeReport } from './report.mjs';
import { benchNote, killTree, log, rebuild, root, settings, skips, timeLeft, why } from './shared.mjs';
import { ensureBuild } from './stages/build.mjs';
import { burst } from './stages/burst.mjs';
import { discover, memberCookie, routes, templateList } from './stages/discovery.mjs';
import { firstLoadJs } from './stages/first-load-js.mjs';
import { frameworkFloor } from './stages/framework-floor.mjs';
import { lighthouseMedian } from './stages/lighthouse.mjs';
import { load } from './stages/load.mjs';
import { memberThroughput } from './stages/member-page.mjs';
import { ensureNginx } from './stages/nginx.mjs';
import { scale } from './stages/scale.mjs';
import { searchQuality } from './stages/search.mjs';
import { startMainServer, startServer } from './stages/server.mjs';
import { removeStaticPage, throughput, writeStaticPage } from './stages/throughput.mjs';

process.chdir(root);
const report = newReport(settings, benchNote);
const note = (text) => report.notes.push(text);

let server = null;
let exitCode = 0;
try {
  report.build = ensureBuild({ rebuild });
  // Before any figure is taken, so an install does not compete with the measurements.
  if (!skips('throughput') && !ensureNginx()) note('nginx could not be installed (scripts/ensure-debian-package.sh): no physical-limit figure.');
  writeStaticPage();
  server = await startMainServer(note);
  log('server', server.origin);
  const ctx = { report, server, note };

  const found = await discover(server.origin);
  const cookie = await memberCookie(server.origin);
  if (!cookie) note('The demo member could not log in through AuthenticationCenter/PcPwdLogin: /userIndex is not measured logged in.');
  const templates = templateList(found, cookie);
  report.templates = Object.fromEntries(templates.map((t) => [t.name, t.url]));
  const present = templates.filter((t) => t.url);

  if (!skips('lighthouse')) {
    for (const t of present) {
      if (timeLeft() < 10 * 60_000) {
        note('Lighthouse stopped early: the bench deadline was near.');
        break;
      }
      try {
        await server.ensureUp();
        log('lighthouse', t.name, t.url);
        report.lighthouse.push(lighthouseMedian(server.origin, t, settings.lighthouseRuns));
      } catch (err) {
        note(`Lighthouse of ${t.name} failed: ${why(err)}`);
      }
    }
  }

  if (!skips('js')) {
    await server.ensureUp();
    for (const t of present) {
      try {
        report.firstLoadJs.push(await firstLoadJs(server.origin, t));
      } catch (err) {
        note(`First-load JS of ${t.name} failed: ${why(err)}`);
      }
    }
    try {
      log('first-load JS of an empty Next app');
      const floor = await frameworkFloor({ lighthouseRuns: skips('lighthouse') ? 0 : settings.lighthouseRuns });
      report.frameworkFloorJs = floor.js;
      report.frameworkFloorLighthouse = floor.lighthouse;
    } catch (err) {
      note(`The framework's first-load JS was not measured: ${why(err)}`);
    }
  }

  if (!skips('throughput')) await throughput(found, ctx);
  if (!skips('throughput')) await memberThroughput(found, cookie, ctx);

  if (!skips('scale')) {
    log('scale');
    report.scale = scale();
  }

  if (!skips('search')) {
    log('search');
    report.search = searchQuality();
  }

  if (!skips('load')) {
    for (const [name, url] of [['home', routes.home()], ['doctor list', routes.doctorList()]]) {
      if (timeLeft() < settings.loadSeconds * 1000 + 60_000) {
        note(`Load on ${name} skipped: the bench deadline was near.`);
        continue;
      }
      try {
        await server.ensureUp();
        log('load', name);
        report.load.push(await load(name, server.origin + url, server.child.pid, settings.loadSeconds));
      } catch (err) {
        note(`Load on ${name} failed: ${why(err)}`);
      }
    }
  }

  if (!skips('burst') && timeLeft() > 120_000) {
    // A server of its own, fresh: the lists are not rendered yet when the visitors arrive.
    killTree(server.child);
    const fresh = await startServer({ dbName: 'bench-burst.db' });
    try {
      for (const [name, url] of [['doctor list', routes.doctorList()], ['clinic list', routes.hospitalList()]]) {
        log('burst', name);
        report.burst.push(await burst(name, fresh.origin + url, settings.burstVisitors));
      }
    } finally {
      killTree(fresh.child);
    }
  }
  report.goals = judge(report);
} catch (err) {
  exitCode = 1;
  note(`The bench stopped with an error: ${why(err)}`);
  console.error(err);
} finally {
  killTree(server?.child);
  removeStaticPage();
  writeReport(report);
  log('wrote bench/report.md and .reports/bench.json');
}
process.exit(exitCode);
