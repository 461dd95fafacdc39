import 'server-only';
/**
 * Draws a share card (docs/seo-sharing.md "Share cards") as a 1200×630 PNG with Next's ImageResponse:
 * the brand, the kicker, the page's title and lines, and the page's picture when it has one.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { siteConfig } from '../site-config';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, type ShareCard } from './content';
import { cardFont, SHARE_CARD_FONT_FAMILY } from './font';

const GREEN = '#256249';
const INK = '#1f2a24';
const SLOGAN = '让百姓就近看好中医';

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

export async function renderShareCard(card: ShareCard): Promise<Uint8Array> {
  const picture = await pictureData(card.picture);
  const text = [siteConfig.shortName, siteConfig.title, SLOGAN, card.kicker, card.title, ...card.lines, '圣爱'].join('');
  const font = await cardFont(text);
  const titleSize = card.title.length > 24 ? 48 : card.title.length > 12 ? 58 : 76;
  const response = new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', background: '#f3f8f5', fontFamily: SHARE_CARD_FONT_FAMILY, color: INK }}>
        <div style={{ width: 24, height: '100%', background: GREEN, display: 'flex' }} />
        <div style={{ flex: 1, display: 'flex', flexDirection: 'column', padding: '56px 64px 48px 64px' }}>
          <div style={{ display: 'flex', alignItems: 'center' }}>
            <div style={{ width: 64, height: 64, borderRadius: 32, background: GREEN, color: '#fff', fontSize: 22, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              圣爱
            </div>
            <div style={{ marginLeft: 18, fontSize: 34, color: GREEN, display: 'flex' }}>{siteConfig.title}</div>
          </div>
          <div style={{ marginTop: 48, display: 'flex' }}>
            <div style={{ fontSize: 26, color: '#fff', background: '#b0673a', borderRadius: 8, padding: '6px 16px', display: 'flex' }}>{card.kicker}</div>
          </div>
          <div style={{ marginTop: 22, fontSize: titleSize, lineHeight: 1.25, display: 'flex', flexWrap: 'wrap' }}>{card.title}</div>
          <div style={{ marginTop: 22, display: 'flex', flexDirection: 'column' }}>
            {card.lines.map((l, i) => (
              <div key={i} style={{ fontSize: 28, color: '#4a5a51', marginTop: i ? 10 : 0, display: 'flex' }}>
                {l}
              </div>
            ))}
          </div>
          {/* Two boxes, no separator character: satori asked the network for a font for separators such as "·" or "|". */}
          <div style={{ marginTop: 'auto', fontSize: 24, color: GREEN, display: 'flex' }}>
            <div style={{ display: 'flex' }}>{siteConfig.shortName}</div>
            <div style={{ display: 'flex', marginLeft: 20 }}>{SLOGAN}</div>
          </div>
        </div>
        {picture ? (
          <div style={{ width: 400, display: 'flex', alignItems: 'center', justifyContent: 'center', paddingRight: 56 }}>
            {/* eslint-disable-next-line @next/next/no-img-element -- ImageResponse draws plain img elements */}
            <img src={picture} width={320} height={400} alt="" style={{ borderRadius: 20, objectFit: 'cover', border: `6px solid #ffffff` }} />
          </div>
        ) : null}
      </div>
    ),
    {
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      fonts: [{ name: SHARE_CARD_FONT_FAMILY, data: font, weight: 700, style: 'normal' }],
    },
  );
  return new Uint8Array(await response.arrayBuffer());
}
