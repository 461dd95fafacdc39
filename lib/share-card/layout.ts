/**
 * Where everything on a share card goes (docs/seo-sharing.md "Share cards"), laid out by measured text: the
 * title takes the largest size at which it fits its lines (one line if it can stay large, else two, else three,
 * balanced, never breaking before a closing mark or after an opening one), the lines under it shrink or end in
 * "…" to stay within the column, and every text box has its own place, so nothing overlaps and nothing leaves
 * the card. render.tsx draws exactly these boxes; the tests check them and the drawn pixels. Pure.
 */
import { siteConfig } from '../site-config';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, type ShareCard } from './content';
import { textWidth, type FontMetrics } from './metrics';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type TextRole = 'logo' | 'brand' | 'kicker' | 'title' | 'line' | 'footer';

/** A box of text: its lines, each drawn at `fontSize` in a line box of `lineHeight`. */
export interface TextBox extends Rect {
  role: TextRole;
  fontSize: number;
  lineHeight: number;
  lines: string[];
}

export interface Decoration extends Rect {
  role: 'bar' | 'logo' | 'badge' | 'picture';
}

export interface CardLayout {
  texts: TextBox[];
  decorations: Decoration[];
}

export const BRAND = siteConfig.title;
export const SHORT_NAME = siteConfig.shortName;
export const SLOGAN = '让百姓就近看好中医';
export const LOGO_TEXT = '圣爱';

/** Line box height of a size: 1.3 keeps the font's ascenders and descenders inside the box. */
const lineHeightOf = (size: number) => Math.ceil(size * 1.3);

const BAR = 24;
const LEFT = BAR + 64;
const RIGHT_MARGIN = 64;
const PICTURE: Rect = { x: 812, y: 115, width: 320, height: 400 };
const PICTURE_GAP = 48;
const LOGO: Rect = { x: LEFT, y: 48, width: 64, height: 64 };
const BADGE_Y = 152;
const BADGE_PAD_X = 16;
const BADGE_PAD_Y = 7;
const TITLE_Y = 224;
const TITLE_GAP = 20;
const LINE_GAP = 6;
const FOOTER_SIZE = 24;
const FOOTER_Y = SHARE_CARD_HEIGHT - 44 - lineHeightOf(FOOTER_SIZE);
/** The title and its lines end this far above the footer. */
const FOOTER_GAP = 24;

const TITLE_SIZES = [72, 68, 64, 60, 56, 52, 48, 44, 40, 36];
/** The fewest lines a title may take at each smallest size: one line down to 52 px, two down to 44, three down to 36. */
const TITLE_STEPS: [maxLines: number, minSize: number][] = [
  [1, 52],
  [2, 44],
  [3, 36],
];
const LINE_SIZES = [28, 26, 24];
const KICKER_SIZES = [26, 24, 22];

/** Marks a line never starts with, and marks it never ends with (the usual rules of Chinese typesetting). */
const NO_START = new Set([...'，。、；：！？）】」』”’》〉…·,.;:!?)]}%']);
const NO_END = new Set([...'（【「『“‘《〈([{']);

/** Units a line may break between: a Latin word or number stays whole (0871-68686655, 08:30-17:30). */
function unitsOf(text: string): string[] {
  return text.match(/[A-Za-z0-9][A-Za-z0-9.:/@%+\-_]*|\s+|[\s\S]/gu) ?? [];
}

/** Greedy lines of at most `width` px at `size`, with the breaking rules above; a word wider than a line is cut. */
export function wrapText(metrics: FontMetrics, text: string, width: number, size: number): string[] {
  const fits = (s: string) => textWidth(metrics, s, size) <= width;
  const units = unitsOf(text.trim()).flatMap((u) => (fits(u) ? [u] : [...u]));
  const lines: string[][] = [[]];
  for (const unit of units) {
    const line = lines[lines.length - 1]!;
    if (fits([...line, unit].join(''))) {
      line.push(unit);
    } else if (/^\s+$/.test(unit)) {
      lines.push([]);
    } else if (line.length === 0) {
      line.push(unit);
    } else {
      const next: string[] = [unit];
      // Never start a line with a closing mark, nor end one with an opening mark: carry a unit over.
      if (NO_START.has(unit[0]!) && line.length > 1) next.unshift(line.pop()!);
      while (line.length > 1 && NO_END.has(line[line.length - 1]!.slice(-1))) next.unshift(line.pop()!);
      lines.push(next);
    }
  }
  return lines.map((l) => l.join('').trim()).filter(Boolean);
}

/** `text` cut to fit `width` at `size`, ending in "…" when cut. */
export function fitWithEllipsis(metrics: FontMetrics, text: string, width: number, size: number): string {
  if (textWidth(metrics, text, size) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(metrics, `${chars.join('')}…`, size) > width) chars.pop();
  return `${chars.join('').replace(/[\s，、。：:·-]+$/u, '')}…`;
}

/** The narrowest width (≥ half of `width`) at which the text still takes `count` lines: balanced lines, no lone last word. */
function balanced(metrics: FontMetrics, text: string, width: number, size: number, count: number): string[] {
  let lo = width / 2;
  let hi = width;
  let best = wrapText(metrics, text, width, size);
  for (let i = 0; i < 12; i++) {
    const mid = (lo + hi) / 2;
    const lines = wrapText(metrics, text, mid, size);
    if (lines.length <= count) {
      best = lines;
      hi = mid;
    } else lo = mid;
  }
  return best;
}

/** One line of at most `width`: the first size that fits, else the smallest, cut with "…". */
function oneLine(metrics: FontMetrics, text: string, width: number, sizes: number[]): { text: string; size: number } {
  for (const size of sizes) if (textWidth(metrics, text, size) <= width) return { text, size };
  const size = sizes[sizes.length - 1]!;
  return { text: fitWithEllipsis(metrics, text, width, size), size };
}

const measured = (metrics: FontMetrics, role: TextRole, x: number, y: number, lines: string[], size: number, width?: number): TextBox => ({
  role,
  x,
  y,
  width: Math.ceil(width ?? Math.max(...lines.map((l) => textWidth(metrics, l, size)))),
  height: lines.length * lineHeightOf(size),
  fontSize: size,
  lineHeight: lineHeightOf(size),
  lines,
});

/** The card's boxes for its content, with or without its picture. */
export function layoutShareCard(card: ShareCard, metrics: FontMetrics, withPicture: boolean): CardLayout {
  const right = withPicture ? PICTURE.x - PICTURE_GAP : SHARE_CARD_WIDTH - RIGHT_MARGIN;
  const column = right - LEFT;
  const decorations: Decoration[] = [
    { role: 'bar', x: 0, y: 0, width: BAR, height: SHARE_CARD_HEIGHT },
    { role: 'logo', ...LOGO },
  ];
  const texts: TextBox[] = [];

  const logoSize = 22;
  const logoWidth = textWidth(metrics, LOGO_TEXT, logoSize);
  texts.push(measured(metrics, 'logo', LOGO.x + (LOGO.width - logoWidth) / 2, LOGO.y + (LOGO.height - lineHeightOf(logoSize)) / 2, [LOGO_TEXT], logoSize));
  const brandSize = 34;
  texts.push(measured(metrics, 'brand', LOGO.x + LOGO.width + 18, LOGO.y + (LOGO.height - lineHeightOf(brandSize)) / 2, [BRAND], brandSize));

  const kicker = oneLine(metrics, card.kicker, column - BADGE_PAD_X * 2, KICKER_SIZES);
  const kickerBox = measured(metrics, 'kicker', LEFT + BADGE_PAD_X, BADGE_Y + BADGE_PAD_Y, [kicker.text], kicker.size);
  texts.push(kickerBox);
  decorations.push({ role: 'badge', x: LEFT, y: BADGE_Y, width: kickerBox.width + BADGE_PAD_X * 2, height: kickerBox.height + BADGE_PAD_Y * 2 });

  // The lines under the title, each on one line of the column.
  let lines = card.lines.slice(0, 3).map((l) => oneLine(metrics, l, column, LINE_SIZES));
  const linesHeight = (ls: typeof lines) => ls.reduce((h, l, i) => h + lineHeightOf(l.size) + (i ? LINE_GAP : 0), 0) + (ls.length ? TITLE_GAP : 0);
  const bottom = FOOTER_Y - FOOTER_GAP;
  const titleRoom = () => bottom - TITLE_Y - linesHeight(lines);

  // The title: the largest size that keeps it on the fewest lines (room allowing), balanced.
  let title: { lines: string[]; size: number } | null = null;
  for (;;) {
    for (const [maxLines, minSize] of TITLE_STEPS) {
      for (const size of TITLE_SIZES) {
        if (size < minSize || title) continue;
        const wrapped = wrapText(metrics, card.title, column, size);
        if (wrapped.length <= maxLines && wrapped.length * lineHeightOf(size) <= titleRoom()) {
          title = { lines: wrapped.length > 1 ? balanced(metrics, card.title, column, size, wrapped.length) : wrapped, size };
        }
      }
    }
    // No room even at the smallest size: give up a line under the title (its text stays in the alt text).
    if (title || lines.length === 0) break;
    lines = lines.slice(0, -1);
  }
  if (!title) {
    const size = TITLE_SIZES[TITLE_SIZES.length - 1]!;
    const wrapped = wrapText(metrics, card.title, column, size);
    const kept = wrapped.slice(0, 3);
    if (wrapped.length > 3) kept[2] = fitWithEllipsis(metrics, `${kept[2]}${wrapped.slice(3).join('')}`, column, size);
    title = { lines: kept, size };
  }
  const titleBox = measured(metrics, 'title', LEFT, TITLE_Y, title.lines, title.size, column);
  texts.push(titleBox);
  let y = titleBox.y + titleBox.height + TITLE_GAP;
  for (const l of lines) {
    texts.push(measured(metrics, 'line', LEFT, y, [l.text], l.size, column));
    y += lineHeightOf(l.size) + LINE_GAP;
  }

  const shortBox = measured(metrics, 'footer', LEFT, FOOTER_Y, [SHORT_NAME], FOOTER_SIZE);
  texts.push(shortBox, measured(metrics, 'footer', shortBox.x + shortBox.width + 20, FOOTER_Y, [SLOGAN], FOOTER_SIZE));
  if (withPicture) decorations.push({ role: 'picture', ...PICTURE });
  return { texts, decorations };
}

/** Every character a card draws (for the font subset). */
export function layoutText(layout: CardLayout): string {
  return layout.texts.flatMap((t) => t.lines).join('');
}
