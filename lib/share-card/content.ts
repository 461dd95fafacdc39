/**
 * What a share card shows (docs/seo-sharing.md "Share cards"): one builder per page kind, used by the
 * page's metadata (for the card's address and alt text) and by the card route (to draw it),
 * so the card and the page never disagree. Pure: no I/O, safe in tests.
 */
import type { Clinic } from '../api/clinics';
import type { Doctor } from '../api/doctors';
import type { NewsArticle } from '../api/news';
import type { PointsGoods } from '../api/points';
import type { Illness, Special, Studio } from '../api/specialties';
import { formatDate, formatPoints } from '../format';

export const SHARE_CARD_KINDS = ['doctor', 'clinic', 'article', 'illness', 'studio', 'special', 'goods', 'tool'] as const;
export type ShareCardKind = (typeof SHARE_CARD_KINDS)[number];

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

export interface ShareCard {
  kind: ShareCardKind;
  /** The page's key: appointment code, clinic code, numeric id or goods SN. */
  id: string;
  /** A short label above the title (科室, 文章栏目...). */
  kicker: string;
  title: string;
  /** Up to three short lines under the title. */
  lines: string[];
  /** A site image (path under /images/) shown beside the text, if the page has one. */
  picture?: string;
}

export function isShareCardKind(value: string): value is ShareCardKind {
  return (SHARE_CARD_KINDS as readonly string[]).includes(value);
}

const clip = (text: string, max: number) => {
  const plain = text.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
};
const line = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('\u3000');

export function doctorCard(d: Doctor): ShareCard {
  return {
    kind: 'doctor',
    id: d.appointmentCode,
    kicker: d.department || '名医坐诊',
    title: d.name,
    lines: [line(d.title, d.department), d.clinicName, d.specialties.length ? clip(`擅长：${d.specialties.join('、')}`, 30) : ''].filter(Boolean),
    picture: d.avatar,
  };
}

export function clinicCard(c: Clinic): ShareCard {
  return {
    kind: 'clinic',
    id: c.code,
    kicker: c.typeName || '连锁门诊',
    title: c.name,
    lines: [clip(c.address, 30), c.phone ? `电话 ${c.phone}` : '', clip(c.hours, 30)].filter(Boolean),
    picture: c.image,
  };
}

export function articleCard(a: NewsArticle): ShareCard {
  return {
    kind: 'article',
    id: String(a.id),
    kicker: a.typeName || '圣爱动态',
    title: clip(a.title, 48),
    lines: [line(formatDate(a.publishedAt), a.source || undefined)].filter(Boolean),
    picture: a.image,
  };
}

export function illnessCard(i: Illness): ShareCard {
  return {
    kind: 'illness',
    id: String(i.id),
    kicker: line(i.typeName, i.diseaseTypeName) || '疾病专科',
    title: i.name,
    lines: [i.clinicName, clip(i.summary, 30)].filter(Boolean),
  };
}

export function studioCard(s: Studio): ShareCard {
  return {
    kind: 'studio',
    id: String(s.id),
    kicker: s.className || '名医工作室',
    title: s.name,
    lines: [`领衔：${line(s.doctorName, s.doctorTitle)}`, line(s.department, s.clinicName)],
    picture: s.image,
  };
}

/**
 * A studio's 工作成果, 工作动态 or 专题 page (/workResultDetail, /workDynamicDetail, /specialDetail):
 * the studio's name above the headline, the lead doctor and the date under it.
 */
export function specialCard(s: Special): ShareCard {
  return {
    kind: 'special',
    id: String(s.id),
    kicker: line(s.studioName || '名医工作室', s.typeName),
    title: clip(s.title, 48),
    lines: [s.doctorName ? `领衔：${s.doctorName}` : '', formatDate(s.createdAt)].filter(Boolean),
    picture: s.image || undefined,
  };
}

export function goodsCard(g: PointsGoods): ShareCard {
  return {
    kind: 'goods',
    id: g.sn,
    kicker: g.category || '积分商城',
    title: clip(g.name, 40),
    lines: [`${formatPoints(g.points)} 积分兑换`, clip(g.summary, 30)].filter(Boolean),
    picture: g.image,
  };
}

/** The site's tools that have a card of their own, by key: the same card for everyone, nothing personal. */
const TOOL_CARDS: Record<string, Omit<ShareCard, 'kind' | 'id'>> = {
  // 中医体质辨识 (docs/constitution.md): the card invites; a visitor's result never reaches it.
  tizhi: {
    kicker: '中医体质辨识',
    title: '测一测：我是什么体质？',
    lines: ['依据《中医体质分类与判定》标准，60道题', '九种体质转化分与调养建议，仅供参考'],
  },
};

/** The card of one of the site's tools (kind `tool`), or null for an unknown key. */
export function toolCard(key: string): ShareCard | null {
  const card = Object.hasOwn(TOOL_CARDS, key) ? TOOL_CARDS[key] : undefined;
  return card ? { kind: 'tool', id: key, ...card } : null;
}

/**
 * The drawing's own version, part of every card's: a card cached for a year under its address (immutable) is
 * drawn again when the layout changes (2: laid out by measured text, layout.ts).
 */
const CARD_DESIGN = 2;

/** FNV-1a over the card's content and design: the card's version, so a changed page gets a new address. */
export function shareCardVersion(card: ShareCard): string {
  const text = JSON.stringify([CARD_DESIGN, card.kicker, card.title, card.lines, card.picture ?? '']);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

/** The card's path: /share-card/<kind>/<id>.png?v=<version> (a .png path: proxy.ts and the page cache leave it alone). */
export function shareCardPath(card: ShareCard): string {
  return `/share-card/${card.kind}/${encodeURIComponent(card.id)}.png?v=${shareCardVersion(card)}`;
}

/** The og:image:alt of a card. */
export function shareCardAlt(card: ShareCard): string {
  return [card.title, ...card.lines].join('，');
}
