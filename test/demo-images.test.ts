import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs helper of the maintainer scripts, without types
import { textPath } from '../scripts/svg-text.mjs';

/**
 * The demo images (scripts/generate-clinic-images.mjs, scripts/generate-goods-images.ts) draw their text as
 * outlines: an SVG image with a text element makes the browser look up a CJK font for that image alone (a
 * 100+ ms layout on the main thread in Lighthouse traces of /hospitaldetail), and shows empty boxes on a
 * machine without a CJK font. docs/bench.md "Images draw no text".
 */
const IMAGE_DIRS = ['doctors', 'clinics', 'goods'].map((d) => path.join(process.cwd(), 'public', 'images', d));

function svgFiles(): string[] {
  return IMAGE_DIRS.flatMap((dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.svg')).map((f) => path.join(dir, f)));
}

describe('generated demo images', () => {
  it('exist: portraits, facades and goods', () => {
    // 332 portraits + default (seed/staffing.ts), 56 facades + 6 scenes, 26 goods at the time of writing: the check below has files to read.
    expect(svgFiles().length).toBeGreaterThan(400);
  });

  it('draw no <text> and name no font: every word is an outline', () => {
    const withText = svgFiles().filter((file) => /<text\b|font-family/.test(fs.readFileSync(file, 'utf8')));
    expect(withText).toEqual([]);
  });
});

describe('textPath (scripts/svg-text.mjs)', () => {
  it('draws a word as one filled path, centred on x like text-anchor="middle"', () => {
    const middle = textPath('圣爱中医', { x: 320, y: 202, size: 24, fill: '#fff' });
    expect(middle).toMatch(/^<path fill="#fff" d="M[\d. LQCZM-]+"\/>$/);
    const xs = [...middle.matchAll(/[MLQC]\s?(-?[\d.]+) /g)].map((m) => Number(m[1]));
    // Four glyphs of about 24 units each, centred on 320.
    expect(Math.min(...xs)).toBeGreaterThan(320 - 52);
    expect(Math.max(...xs)).toBeLessThan(320 + 52);
    expect((Math.min(...xs) + Math.max(...xs)) / 2).toBeCloseTo(320, -1);
  });

  it('starts at x for text-anchor="start"', () => {
    const start = textPath('李', { x: 100, y: 60, size: 30, fill: '#000', anchor: 'start' });
    const xs = [...start.matchAll(/[MLQC]\s?(-?[\d.]+) /g)].map((m) => Number(m[1]));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...xs)).toBeLessThanOrEqual(130);
  });

  it('refuses a character the font lacks rather than writing an image with a hole', () => {
    expect(() => textPath('圣爱𠀀', { x: 0, y: 0, size: 20, fill: '#000' })).toThrow(/no glyph/);
  });
});
