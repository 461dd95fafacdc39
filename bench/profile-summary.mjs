#!/usr/bin/env node
/**
 * Where a profile's milliseconds go (docs/bench.md "Render cost"): a V8 .cpuprofile (the format of `node
 * --cpu-prof`, and of bench/profile-preload.cjs) summed up by function and by area. Each frame is mapped back
 * through its file's source map when it has one (Next's precompiled server runtime and the build's chunks are
 * minified bundles: without the map a frame says only "app-page-turbo.runtime.prod.js"), so React's HTML
 * renderer, its Server Components (Flight) encoder, Next's own server code, our lib/ and the bundled packages
 * are told apart.
 *
 *   node bench/profile-summary.mjs <file.cpuprofile> [--top 25]    prints the tables as Markdown
 *
 * Self time: the samples in which a function was running. Total time: the samples in which it was anywhere on
 * the stack, counted once a sample however deep its recursion. An area's total is counted the same way.
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** V8's pseudo-frames: not code of anyone's. */
const PSEUDO = { '(idle)': 'idle (waiting for I/O)', '(garbage collector)': 'garbage collection', '(program)': 'V8 itself (compiling, parsing, runtime)', '(root)': null };

/**
 * The area of a source path (relative to the repository, or a node: URL, or '' for V8's builtins and
 * native code). The order matters: the first rule that matches names the area.
 */
const AREAS = [
  [/^node:zlib|^node:internal\/zlib|zlib/, 'compression (zlib, brotli)'],
  [/undici|node:internal\/deps\/undici|^node:internal\/fetch/, 'fetch (undici): the loopback render and API calls'],
  [/better-sqlite3|^lib\/backend\/db|sqlite/, 'SQLite (better-sqlite3 and lib/backend/db)'],
  [/react-dom-server|react-dom\/cjs\/react-dom-server|react-dom\/server/, 'React: HTML renderer (react-dom/server)'],
  [/react-server-dom|react-server\.|flight/i, 'React: Server Components payload (Flight)'],
  [/compiled\/react\/|node_modules\/react\//, 'React: core'],
  [/src\/server\/app-render|app-render/, 'Next: app-render'],
  [/src\/server\/(lib\/)?(router|base-server|next-server|request|route-modules|web)|dist\/server\/|src\/server\//, 'Next: server (routing, proxy adapter, response)'],
  [/next\/dist\/|node_modules\/next\/|^webpack:\/\/next/, 'Next: other'],
  [/^proxy\.ts$/, 'ours: proxy.ts'],
  [/^lib\/page-cache\//, 'ours: lib/page-cache'],
  [/^lib\/security\//, 'ours: lib/security'],
  [/^lib\/backend\//, 'ours: lib/backend (the embedded API)'],
  [/^lib\/api\//, 'ours: lib/api (fetchers)'],
  [/^lib\//, 'ours: lib/ (other)'],
  [/^(app|components)\//, 'ours: app/ and components/'],
  [/node_modules\/([^/]+)/, 'packages (other)'],
  [/^node:internal\/(streams|webstreams)|^node:stream/, 'Node: streams'],
  [/^node:internal\/(http|net|stream_base)|^node:(http|net|_http)/, 'Node: http and net'],
  [/^node:/, 'Node: other core'],
  [/^$/, 'V8 builtins and native code (JSON, RegExp, strings, native bindings)'],
];

export function areaOf(source) {
  for (const [pattern, name] of AREAS) if (pattern.test(source)) return name;
  return 'other';
}

/** A source path as the report shows it: relative to the repository, `node_modules/x/…` kept short. */
function shortSource(source) {
  let s = source.replace(/^webpack:\/\/next\/\.\//, 'node_modules/next/').replace(/^file:\/\//, '');
  if (path.isAbsolute(s)) s = path.relative(root, s);
  return s.replace(/^(\.\.\/)+/, '');
}

/**
 * Maps a call frame to its original source (file, line, function) through the source map beside its file;
 * cached per file. A frame without a map keeps its own file.
 */
export function sourceMapResolver() {
  const maps = new Map();
  const mapOf = (url) => {
    if (maps.has(url)) return maps.get(url);
    let map = null;
    try {
      const file = url.startsWith('file://') ? fileURLToPath(url) : url;
      if (path.isAbsolute(file) && fs.existsSync(`${file}.map`)) {
        const payload = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'));
        const contents = new Map((payload.sources ?? []).map((source, i) => [source, payload.sourcesContent?.[i] ?? null]));
        map = { map: new SourceMap(payload), dir: path.dirname(file), contents, split: new Map(), lines: new Map() };
      }
    } catch {
      map = null;
    }
    maps.set(url, map);
    return map;
  };
  return (frame) => {
    const { url, lineNumber, columnNumber, functionName } = frame;
    const found = url ? mapOf(url) : null;
    if (found) {
      const entry = found.map.findEntry(lineNumber, columnNumber);
      if (entry?.originalSource) {
        const original = entry.originalSource.startsWith('webpack://') || entry.originalSource.startsWith('turbopack://')
          ? entry.originalSource
          : path.resolve(found.dir, decodeURIComponent(entry.originalSource));
        // The map's own `name` at a function's start is whatever identifier stands there, seldom the function's:
        // its name is read from the original line instead, else V8's (minified) one.
        const name = nameOnLine(found, entry.originalSource, entry.originalLine) ?? (functionName || '(anonymous)');
        return { source: shortSource(original), line: entry.originalLine + 1, name };
      }
    }
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    return { source: shortSource(file), line: lineNumber + 1, name: functionName || '(anonymous)' };
  };
}

/** The name a function's first line gives it (`function name(`, `name = (`, `name(…) {`), from the map's sources. */
export function functionNameOf(text) {
  if (typeof text !== 'string') return null;
  const m =
    /\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)\s*[(<]/.exec(text) ??
    /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s*)?(?:function\b|\(|[A-Za-z_$][\w$]*\s*=>)/.exec(text) ??
    /^\s*(?:(?:public|private|protected|static|async|get|set|override)\s+)*\*?\s*([A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*\([^)]*\)?[^;=]*$/.exec(text) ??
    /([A-Za-z_$][\w$.]*)\s*[:=]\s*(?:async\s*)?(?:function\b|\([^)]*\)\s*=>)/.exec(text);
  const name = m?.[1];
  return name && !['if', 'for', 'while', 'switch', 'catch', 'return', 'await', 'new', 'function'].includes(name) ? name : null;
}

function nameOnLine(found, source, line) {
  const key = `${source}:${line}`;
  if (found.lines.has(key)) return found.lines.get(key);
  if (!found.split.has(source)) found.split.set(source, found.contents.get(source)?.split('\n') ?? null);
  const name = functionNameOf(found.split.get(source)?.[line]);
  found.lines.set(key, name);
  return name;
}

/** The plain resolver: a frame's own file, no source map (for tests and for profiles of another machine). */
export const plainResolver = (frame) => ({ source: shortSource(frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url), line: frame.lineNumber + 1, name: frame.functionName || '(anonymous)' });

/**
 * The summary of a profile: busy and idle milliseconds, the top functions by self and by total time, and
 * each area's self and total time. Pure, given `resolve` (a call frame → { source, line, name }).
 */
export function summariseProfile(profile, { resolve = plainResolver, top = 25 } = {}) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const info = new Map();
  for (const n of profile.nodes) {
    const pseudo = Object.hasOwn(PSEUDO, n.callFrame.functionName) && !n.callFrame.url;
    if (pseudo) {
      const label = PSEUDO[n.callFrame.functionName];
      info.set(n.id, label ? { key: label, name: label, where: '', area: label, pseudo: true } : null);
      continue;
    }
    const r = resolve(n.callFrame);
    const where = r.source ? `${r.source}:${r.line}` : '(native)';
    info.set(n.id, { key: `${r.name} ${where}`, name: r.name, where, area: areaOf(r.source), pseudo: false });
  }
  const self = new Map();
  const total = new Map();
  const areaSelf = new Map();
  const areaTotal = new Map();
  const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
  let sampledMs = 0;
  let idleMs = 0;
  const deltas = profile.timeDeltas ?? [];
  const samples = profile.samples ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the gap to the next one (the last sample gets the mean).
    const ms = (i + 1 < deltas.length ? deltas[i + 1] : (profile.endTime - profile.startTime) / Math.max(1, samples.length)) / 1000;
    if (!(ms > 0)) continue;
    const leaf = info.get(samples[i]);
    sampledMs += ms;
    if (!leaf) continue;
    if (leaf.key === PSEUDO['(idle)']) {
      idleMs += ms;
      continue;
    }
    add(self, leaf.key, ms);
    add(areaSelf, leaf.area, ms);
    const seenKeys = new Set();
    const seenAreas = new Set();
    for (let id = samples[i], guard = 0; id !== undefined && guard < 2000; id = parent.get(id), guard++) {
      const f = info.get(id);
      if (!f) continue;
      if (!seenKeys.has(f.key)) {
        seenKeys.add(f.key);
        add(total, f.key, ms);
      }
      if (!seenAreas.has(f.area)) {
        seenAreas.add(f.area);
        add(areaTotal, f.area, ms);
      }
    }
  }
  const busyMs = sampledMs - idleMs;
  const byKey = new Map([...info.values()].filter(Boolean).map((f) => [f.key, f]));
  const row = (key, ms) => ({ name: byKey.get(key).name, where: byKey.get(key).where, area: byKey.get(key).area, selfMs: +(self.get(key) ?? 0).toFixed(1), totalMs: +(total.get(key) ?? 0).toFixed(1), share: +(ms / Math.max(1e-9, busyMs)).toFixed(4) });
  const topSelf = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, ms]) => row(k, ms));
  // By total time, the frames that say where the time went: not the event loop's and the promise machinery's
  // own frames (Node's internals, native code), which are on nearly every stack.
  const telling = (k) => !byKey.get(k).pseudo && !/^(node:|\(native\))/.test(byKey.get(k).where);
  const topTotal = [...total.entries()].filter(([k]) => telling(k)).sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, ms]) => row(k, ms));
  const areas = [...new Set([...areaSelf.keys(), ...areaTotal.keys()])]
    .map((a) => ({ area: a, selfMs: +(areaSelf.get(a) ?? 0).toFixed(1), totalMs: +(areaTotal.get(a) ?? 0).toFixed(1), selfShare: +((areaSelf.get(a) ?? 0) / Math.max(1e-9, busyMs)).toFixed(4) }))
    .sort((a, b) => b.selfMs - a.selfMs);
  return { sampledMs: +sampledMs.toFixed(1), busyMs: +busyMs.toFixed(1), idleMs: +idleMs.toFixed(1), samples: samples.length, topSelf, topTotal, areas };
}

const pct = (x) => `${(100 * x).toFixed(1)} %`;
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The summary as Markdown: areas, then the top functions by self time and by total time. */
export function summaryMarkdown(s, { perUnit = null } = {}) {
  const per = perUnit ? ` (${perUnit.count} ${perUnit.label}: ${(s.busyMs / perUnit.count).toFixed(1)} ms each)` : '';
  const lines = [
    `The main thread was busy ${s.busyMs.toFixed(0)} ms and idle ${s.idleMs.toFixed(0)} ms, ${s.samples} samples${per}. Busy is wall time in which it was not idle: on a machine with other work it includes waiting for a core, so read the shares, and the process's CPU time above, rather than these milliseconds.`,
    '',
    '| area | self ms | self share | total ms (on the stack) |',
    '| --- | ---: | ---: | ---: |',
    ...s.areas.map((a) => `| ${cell(a.area)} | ${a.selfMs.toFixed(0)} | ${pct(a.selfShare)} | ${a.totalMs.toFixed(0)} |`),
    '',
    `Top ${s.topSelf.length} by self time:`,
    '',
    '| function | where | area | self ms | share | total ms |',
    '| --- | --- | --- | ---: | ---: | ---: |',
    ...s.topSelf.map((r) => `| ${cell(r.name)} | ${cell(r.where)} | ${cell(r.area)} | ${r.selfMs.toFixed(0)} | ${pct(r.share)} | ${r.totalMs.toFixed(0)} |`),
    '',
    `Top ${s.topTotal.length} by total time (Node's internals and native frames left out: the event loop's own frames are on nearly every stack):`,
    '',
    '| function | where | area | total ms | share | self ms |',
    '| --- | --- | --- | ---: | ---: | ---: |',
    ...s.topTotal.map((r) => `| ${cell(r.name)} | ${cell(r.where)} | ${cell(r.area)} | ${r.totalMs.toFixed(0)} | ${pct(r.share)} | ${r.selfMs.toFixed(0)} |`),
  ];
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [--top 25]');
    process.exit(2);
  }
  const topAt = rest.indexOf('--top');
  const top = topAt >= 0 ? Number(rest[topAt + 1]) || 25 : 25;
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  console.log(summaryMarkdown(summariseProfile(profile, { resolve: sourceMapResolver(), top })));
}
