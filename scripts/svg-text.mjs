/**
 * Text of the generated demo images as outlines (`<path>`), not `<text>`.
 *
 * An SVG image is a document of its own: a `<text>` in it makes the browser look up a CJK font for that
 * image alone, and on a machine whose CJK font is a large collection (Noto Sans CJK, Microsoft YaHei) the
 * first image with text costs a layout of 100+ ms on the main thread (measured in Lighthouse traces of
 * /hospitaldetail, docs/bench.md "Images draw no text"). Outlines cost nothing to lay out and look the
 * same everywhere, with or without the font installed.
 *
 * The outlines come from the repository's own subset of Noto Sans SC Bold (GB 2312,
 * scripts/extract-cjk-font.mjs), so the generators need nothing outside the repository.
 */
import fs from 'node:fs';
import opentype from 'opentype.js';

const FONT_FILE = new URL('../assets/fonts/noto-sans-sc-bold-gb2312.otf', import.meta.url);
const buffer = fs.readFileSync(FONT_FILE);
const font = opentype.parse(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));

/**
 * One line of text as a filled path, placed like SVG's `<text x y text-anchor>` (y is the baseline).
 * Throws on a character the font lacks, so a generator never writes an image with a missing glyph.
 */
export function textPath(text, { x, y, size, fill, anchor = 'middle', opacity }) {
  for (const ch of text) {
    if (font.charToGlyphIndex(ch) === 0) throw new Error(`no glyph for ${JSON.stringify(ch)} in ${FONT_FILE.pathname}`);
  }
  const width = font.getAdvanceWidth(text, size);
  const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
  const d = font.getPath(text, left, y, size).toPathData(1);
  const extra = opacity === undefined ? '' : ` fill-opacity="${opacity}"`;
  return `<path fill="${fill}"${extra} d="${d}"/>`;
}
