/**
 * How wide the share cards' font draws a text (docs/seo-sharing.md "Share cards"): each character's advance from
 * the font's own tables (cmap, hmtx), the same numbers the card renderer lays text out with, so a card is laid out
 * by measured text rather than by counting characters. Pure: give it the font's bytes.
 */

export interface FontMetrics {
  unitsPerEm: number;
  /** Advance width of a character in font units (the .notdef glyph's for one the font lacks). */
  advance(codePoint: number): number;
}

interface Tables {
  [tag: string]: { offset: number; length: number };
}

function tablesOf(font: DataView): Tables {
  const count = font.getUint16(4);
  const tables: Tables = {};
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(font.getUint8(record), font.getUint8(record + 1), font.getUint8(record + 2), font.getUint8(record + 3));
    tables[tag] = { offset: font.getUint32(record + 8), length: font.getUint32(record + 12) };
  }
  for (const tag of ['head', 'hhea', 'hmtx', 'cmap']) if (!tables[tag]) throw new Error(`font: no ${tag} table`);
  return tables;
}

/** A character → glyph lookup from the best Unicode cmap subtable (format 12, else format 4). */
function glyphLookup(font: DataView, cmap: number): (codePoint: number) => number {
  const subtables = font.getUint16(cmap + 2);
  let format4 = -1;
  let format12 = -1;
  for (let i = 0; i < subtables; i++) {
    const platform = font.getUint16(cmap + 4 + i * 8);
    const encoding = font.getUint16(cmap + 6 + i * 8);
    const at = cmap + font.getUint32(cmap + 8 + i * 8);
    const format = font.getUint16(at);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) format12 = at;
    if (format === 4) format4 = at;
  }
  if (format12 >= 0) {
    const groups = font.getUint32(format12 + 12);
    return (cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const g = format12 + 16 + mid * 12;
        const start = font.getUint32(g);
        const end = font.getUint32(g + 4);
        if (cp < start) hi = mid - 1;
        else if (cp > end) lo = mid + 1;
        else return font.getUint32(g + 8) + (cp - start);
      }
      return 0;
    };
  }
  if (format4 < 0) throw new Error('font: no Unicode cmap');
  const segments = font.getUint16(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let s = 0; s < segments; s++) {
      if (cp > font.getUint16(ends + s * 2)) continue;
      const start = font.getUint16(starts + s * 2);
      if (cp < start) return 0;
      const delta = font.getInt16(deltas + s * 2);
      const rangeOffset = font.getUint16(rangeOffsets + s * 2);
      if (rangeOffset === 0) return (cp + delta) & 0xffff;
      const glyph = font.getUint16(rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** The metrics of an OpenType or TrueType font (a standalone sfnt, not a collection). */
export function parseFontMetrics(bytes: Uint8Array): FontMetrics {
  const font = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const t = tablesOf(font);
  const unitsPerEm = font.getUint16(t.head!.offset + 18);
  const longMetrics = font.getUint16(t.hhea!.offset + 34);
  const hmtx = t.hmtx!.offset;
  const glyphOf = glyphLookup(font, t.cmap!.offset);
  const cache = new Map<number, number>();
  return {
    unitsPerEm,
    advance(codePoint) {
      let width = cache.get(codePoint);
      if (width === undefined) {
        const glyph = glyphOf(codePoint);
        width = font.getUint16(hmtx + Math.min(glyph, longMetrics - 1) * 4);
        cache.set(codePoint, width);
      }
      return width;
    },
  };
}

/** The width in pixels of `text` drawn at `size` px. */
export function textWidth(metrics: FontMetrics, text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += metrics.advance(ch.codePointAt(0)!);
  return (units * size) / metrics.unitsPerEm;
}
