import 'server-only';
/**
 * The share cards' CJK font, never fetched: assets/fonts/noto-sans-sc-bold-gb2312.otf is
 * Noto Sans SC Bold (SIL OFL 1.1) cut once to ASCII and GB 2312 by scripts/extract-cjk-font.mjs
 * (1.9 MB). Each card gets a subset of it holding only the card's own characters (a few KB,
 * harfbuzz through subset-font), so the renderer never parses the whole font.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import subsetFont from 'subset-font';
import { parseFontMetrics, type FontMetrics } from './metrics';

export const SHARE_CARD_FONT_FAMILY = 'Noto Sans SC';
const FONT_FILE = path.join(process.cwd(), 'assets', 'fonts', 'noto-sans-sc-bold-gb2312.otf');

let source: Promise<Buffer> | null = null;

function sourceFont(): Promise<Buffer> {
  source ??= readFile(FONT_FILE).catch((err) => {
    source = null;
    throw err;
  });
  return source;
}

/** The font cut to the characters of `text` (duplicates and order do not matter). */
export async function cardFont(text: string): Promise<ArrayBuffer> {
  const chars = [...new Set(text)].join('');
  const subset = await subsetFont(await sourceFont(), chars, {
    targetFormat: 'sfnt',
    keepFeatures: [],
    noLayoutClosure: true,
  });
  return subset.buffer.slice(subset.byteOffset, subset.byteOffset + subset.byteLength) as ArrayBuffer;
}

let metrics: Promise<FontMetrics> | null = null;

/** The advance widths of the same font, for laying a card out by measured text (layout.ts). */
export function cardMetrics(): Promise<FontMetrics> {
  metrics ??= sourceFont().then(
    (bytes) => parseFontMetrics(bytes),
    (err) => {
      metrics = null;
      throw err;
    },
  );
  return metrics;
}
