#!/usr/bin/env node
/**
 * One-time maintainer step (not part of the build): takes the Simplified Chinese face of
 * Debian's Noto Sans CJK collection (apt-get install fonts-noto-cjk) and keeps the glyphs of
 * ASCII, common punctuation and the 6,763 characters of GB 2312, writing
 * assets/fonts/noto-sans-sc-bold-gb2312.otf. The share cards (lib/share-card) subset that
 * file again, per card, to the characters the card uses. Noto fonts: SIL Open Font License 1.1.
 *
 *   node scripts/extract-cjk-font.mjs [/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

const source = process.argv[2] ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';
const target = new URL('../assets/fonts/noto-sans-sc-bold-gb2312.otf', import.meta.url);
const ttc = readFileSync(source);

/** The standalone sfnt of face `index` of a TrueType/OpenType collection. */
function faceOf(buf, index) {
  if (buf.toString('latin1', 0, 4) !== 'ttcf') throw new Error('not a font collection');
  const offset = buf.readUInt32BE(12 + index * 4);
  const numTables = buf.readUInt16BE(offset + 4);
  const tables = [];
  for (let i = 0; i < numTables; i++) {
    const r = offset + 12 + i * 16;
    tables.push({ tag: buf.toString('latin1', r, r + 4), sum: buf.readUInt32BE(r + 4), at: buf.readUInt32BE(r + 8), len: buf.readUInt32BE(r + 12) });
  }
  const headerLen = 12 + numTables * 16;
  const pad = (n) => (n + 3) & ~3;
  const out = Buffer.alloc(headerLen + tables.reduce((s, t) => s + pad(t.len), 0));
  buf.copy(out, 0, offset, offset + 12);
  let at = headerLen;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    out.write(t.tag, r, 'latin1');
    out.writeUInt32BE(t.sum, r + 4);
    out.writeUInt32BE(at, r + 8);
    out.writeUInt32BE(t.len, r + 12);
    buf.copy(out, at, t.at, t.at + t.len);
    at += pad(t.len);
  });
  return { font: out, tables };
}

/** The family name (name ID 1, Windows Unicode) of a standalone font. */
function familyOf({ font, tables }) {
  const name = tables.find((t) => t.tag === 'name');
  const base = font.readUInt32BE(12 + tables.indexOf(name) * 16 + 8);
  const count = font.readUInt16BE(base + 2);
  const strings = base + font.readUInt16BE(base + 4);
  for (let i = 0; i < count; i++) {
    const r = base + 6 + i * 12;
    if (font.readUInt16BE(r) === 3 && font.readUInt16BE(r + 6) === 1) {
      const len = font.readUInt16BE(r + 8);
      const off = strings + font.readUInt16BE(r + 10);
      return font.swap16 ? Buffer.from(font.subarray(off, off + len)).swap16().toString('utf16le') : '';
    }
  }
  return '';
}

const faces = ttc.readUInt32BE(8);
let sc;
for (let i = 0; i < faces; i++) {
  const face = faceOf(ttc, i);
  const family = familyOf(face);
  console.log(`face ${i}: ${family}`);
  if (family === 'Noto Sans CJK SC') sc = face.font;
}
if (!sc) throw new Error('no Simplified Chinese face in the collection');

const decoder = new TextDecoder('gb18030');
let chars = '';
for (let hi = 0xa1; hi <= 0xf7; hi++) {
  for (let lo = 0xa1; lo <= 0xfe; lo++) {
    const ch = decoder.decode(new Uint8Array([hi, lo]));
    if (ch !== '\ufffd' && !(hi >= 0xaa && hi <= 0xaf)) chars += ch;
  }
}
for (let c = 0x20; c < 0x7f; c++) chars += String.fromCharCode(c);
chars += '·—–‘’“”…、。〈〉《》「」『』【】〔〕！（），．：；？～￥×';

// No layout features: the cards set horizontal text only, and harfbuzz fails on the full closure of GSUB.
const subset = await subsetFont(sc, chars, { targetFormat: 'sfnt', keepFeatures: [], noLayoutClosure: true });
writeFileSync(target, subset);
console.log(`${[...new Set(chars)].length} characters, ${subset.length} bytes -> ${target.pathname}`);
