/**
 * Draws one SVG per points item into public/images/goods/ from the seed
 * catalogue, so every image is local (docs/content.md). Text is drawn as outlines
 * (scripts/svg-text.mjs), so an image needs no font lookup of its own. Run: npx tsx scripts/generate-goods-images.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { GOODS_CATALOGUE } from '../lib/backend/seed/points-goods-catalogue';
// @ts-expect-error a plain .mjs helper of the maintainer scripts, without types
import { textPath } from './svg-text.mjs';

const dir = path.resolve('public/images/goods');
fs.mkdirSync(dir, { recursive: true });
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
for (const g of GOODS_CATALOGUE) {
  const size = g.glyph.length > 1 ? 120 : 180;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="${escape(g.name)}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${g.color}"/><stop offset="1" stop-color="#2b1a12" stop-opacity="0.85"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <circle cx="300" cy="270" r="170" fill="#fff" fill-opacity="0.12"/>
  <circle cx="300" cy="270" r="140" fill="none" stroke="#f5d38a" stroke-width="4" stroke-opacity="0.8"/>
  ${textPath(g.glyph, { x: 300, y: 270 + size * 0.35, size, fill: '#fdf6e3' })}
  <rect x="0" y="500" width="600" height="100" fill="#000" fill-opacity="0.25"/>
  ${textPath(`${g.category} · 圣爱积分商城`, { x: 300, y: 562, size: 34, fill: '#fdf6e3' })}
</svg>
`;
  fs.writeFileSync(path.join(dir, `${g.sn}.svg`), svg);
}
console.log(`wrote ${GOODS_CATALOGUE.length} images to ${dir}`);
