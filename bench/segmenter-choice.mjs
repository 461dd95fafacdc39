#!/usr/bin/env node
/**
 * The small benchmark that chose the search's segmenter (docs/site-search.md "A phrase"): Node's built-in
 * Intl.Segmenter beside @node-rs/jieba and jieba-wasm, on patients' phrasings: start-up, time per phrase and the
 * cuts. The two jieba packages are not dependencies of the site; to run it with them:
 *
 *   npm install --no-save @node-rs/jieba@2.0.3 jieba-wasm@2.4.0 && node bench/segmenter-choice.mjs
 *
 * A candidate that is not installed is reported as such. Install sizes: `du -sh node_modules/<package>`.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const PHRASES = ['失眠多梦怎么办', '晚上老是盗汗', '经常拉肚子挂什么科', '怀不上孩子', '老咳嗽有痰', '肚子胀气', '更年期潮热', '口腔溃疡反复', '孩子发烧咳嗽', '宝宝不爱吃饭', '老人膝盖疼上楼梯', '脸上长痘痘', '头发掉得厉害', '腰疼腿麻', '月经推迟两个月'];
const ROUNDS = 2000;

const CANDIDATES = [
  ['Intl.Segmenter (built into Node)', () => new Intl.Segmenter('zh-CN', { granularity: 'word' }), (s, p) => Array.from(s.segment(p), (x) => x.segment)],
  ['@node-rs/jieba', () => { const { Jieba } = require('@node-rs/jieba'); const { dict } = require('@node-rs/jieba/dict'); return Jieba.withDict(dict); }, (j, p) => j.cut(p, false)],
  ['jieba-wasm', () => require('jieba-wasm'), (j, p) => j.cut(p, false)],
];

for (const [name, init, cut] of CANDIDATES) {
  let segmenter;
  const t0 = performance.now();
  try {
    segmenter = init();
  } catch {
    console.log(`${name}: not installed`);
    continue;
  }
  const initMs = performance.now() - t0;
  for (let i = 0; i < 200; i++) for (const p of PHRASES) cut(segmenter, p);
  const t1 = performance.now();
  for (let i = 0; i < ROUNDS; i++) for (const p of PHRASES) cut(segmenter, p);
  const perPhraseUs = ((performance.now() - t1) / (ROUNDS * PHRASES.length)) * 1000;
  console.log(`${name}: start-up ${initMs.toFixed(1)} ms, ${perPhraseUs.toFixed(2)} µs a phrase`);
  console.log(`  ${PHRASES.slice(0, 6).map((p) => cut(segmenter, p).join('/')).join('  ')}`);
}
