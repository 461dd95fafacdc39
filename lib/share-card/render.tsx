import 'server-only';
/**
 * Draws a share card (docs/seo-sharing.md "Share cards") as a 1200×630 PNG with Next's ImageResponse: the brand,
 * the kicker, the page's title and lines, and the page's picture when it has one, each at the place layout.ts gives
 * it by measured text (nothing overlaps, nothing leaves the card).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReactElement } from 'react';
import { ImageResponse } from 'next/og';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, type ShareCard } from './content';
import { cardFont, cardMetrics, SHARE_CARD_FONT_FAMILY } from './font';
import { layoutShareCard, layoutText, type CardLayout, type Decoration, type TextBox } from './layout';

const GREEN = '#256249';
const INK = '#1f2a24';
export const CARD_BACKGROUND = '#f3f8f5';

const PICTURE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** A site image as a data URI; only files under public/images and public/media (the card never fetches anything). */
async function pictureData(src: string | undefined): Promise<string | null> {
  if (!src || !/^\/(images|media)\/[A-Za-z0-9_\-/]+\.(svg|png|jpe?g)$/.test(src) || src.includes('..')) return null;
  const type = PICTURE_TYPES[path.extname(src)];
  try {
    const bytes = await readFile(path.join(process.cwd(), 'public', src));
    return `data:${type};base64,${bytes.toString('base64')}`;
  } catch {
    return null;
  }
}

const TEXT_COLOURS: Record<TextBox['role'], string> = {
  logo: '#ffffff',
  brand: GREEN,
  kicker: '#ffffff',
  title: INK,
  line: '#4a5a51',
  footer: GREEN,
};

const at = (r: { x: number; y: number; width: number; height: number }) =>
  ({ position: 'absolute', left: r.x, top: r.y, width: r.width, height: r.height, display: 'flex' }) as const;

function Text({ box }: { box: TextBox }) {
  return (
    <div style={{ ...at(box), flexDirection: 'column', fontSize: box.fontSize, lineHeight: `${box.lineHeight}px`, color: TEXT_COLOURS[box.role] }}>
      {box.lines.map((line, i) => (
        <div key={i} style={{ display: 'flex', height: box.lineHeight, whiteSpace: 'nowrap' }}>
          {line}
        </div>
      ))}
    </div>
  );
}

function Shape({ d, picture }: { d: Decoration; picture: string | null }) {
  if (d.role === 'picture') {
    return picture ? (
      // eslint-disable-next-line @next/next/no-img-element -- ImageResponse draws plain img elements
      <img src={picture} width={d.width} height={d.height} alt="" style={{ ...at(d), borderRadius: 20, objectFit: 'cover', border: '6px solid #ffffff', boxSizing: 'border-box' }} />
    ) : null;
  }
  const fill = { bar: { background: GREEN }, logo: { background: GREEN, borderRadius: d.width / 2 }, badge: { background: '#b0673a', borderRadius: 8 } }[d.role];
  return <div style={{ ...at(d), ...fill }} />;
}

/** The card as the element ImageResponse draws (the tests draw it too). */
export function shareCardElement(layout: CardLayout, picture: string | null): ReactElement {
  return (
    <div style={{ width: '100%', height: '100%', display: 'flex', position: 'relative', background: CARD_BACKGROUND, fontFamily: SHARE_CARD_FONT_FAMILY }}>
      {layout.decorations.map((d) => (
        <Shape key={d.role} d={d} picture={picture} />
      ))}
      {layout.texts.map((t, i) => (
        <Text key={i} box={t} />
      ))}
    </div>
  );
}

/** The layout of a card as it will be drawn: with its picture only when the picture can be read. */
export async function shareCardLayout(card: ShareCard): Promise<{ layout: CardLayout; picture: string | null }> {
  const [picture, metrics] = await Promise.all([pictureData(card.picture), cardMetrics()]);
  return { layout: layoutShareCard(card, metrics, picture !== null), picture };
}

export async function renderShareCard(card: ShareCard): Promise<Uint8Array> {
  const { layout, picture } = await shareCardLayout(card);
  const font = await cardFont(layoutText(layout));
  const response = new ImageResponse(shareCardElement(layout, picture), {
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    fonts: [{ name: SHARE_CARD_FONT_FAMILY, data: font, weight: 700, style: 'normal' }],
  });
  return new Uint8Array(await response.arrayBuffer());
}
