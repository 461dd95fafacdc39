/**
 * Share cards laid out by measured text (docs/seo-sharing.md "Share cards"): every card kind, at the longest and
 * the shortest name the seed has (doctor, clinic, article, charity article, product, illness, studio, a studio's
 * article), and at made-up extremes past anything seeded, is drawn; no two text boxes intersect, none leaves the
 * card or runs into the picture, every line fits its box by the font's own widths, and the drawn pixels stay
 * inside the boxes (the renderer draws the layout, not a layout of its own).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getClinic, getClinicPage } from '@/lib/api/clinics';
import { getDoctor, getDoctorPage } from '@/lib/api/doctors';
import { readAll } from '@/lib/api/list-page';
import { getNewsArticle, getNewsPage } from '@/lib/api/news';
import { getPointsGoods, getPointsGoodsList } from '@/lib/api/points';
import { getIllness, getIllnessPage, getSpecial, getSpecialPage, getStudio, getStudioPage } from '@/lib/api/specialties';
import { NEWS_TYPES } from '@/lib/news-types';
import { decodePng } from '@/test/png';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import {
  articleCard,
  clinicCard,
  doctorCard,
  goodsCard,
  illnessCard,
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
  specialCard,
  studioCard,
  toolCard,
  type ShareCard,
} from './content';
import { cardMetrics } from './font';
import { fitWithEllipsis, wrapText, type CardLayout, type Rect, type TextBox } from './layout';
import { textWidth, parseFontMetrics } from './metrics';
import { CARD_BACKGROUND, renderShareCard, shareCardLayout } from './render';

let env: TestBackend;
beforeAll(() => {
  env = installTestBackend();
});
afterAll(() => env.close());

const intersects = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Rect, b: Rect) => a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
const CANVAS: Rect = { x: 0, y: 0, width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT };
const longest = <T>(items: T[], key: (t: T) => string) => items.reduce((a, b) => (key(b).length > key(a).length ? b : a));
const shortest = <T>(items: T[], key: (t: T) => string) => items.reduce((a, b) => (key(b).length < key(a).length ? b : a));

/** The cards of every kind at both extremes of the seed, read the way the pages read them. */
async function seededExtremes(): Promise<[string, ShareCard][]> {
  const out: [string, ShareCard][] = [];
  const both = async <T>(kind: string, items: T[], key: (t: T) => string, card: (t: T) => Promise<ShareCard>) => {
    out.push([`${kind}, longest`, await card(longest(items, key))], [`${kind}, shortest`, await card(shortest(items, key))]);
  };
  const doctors = await readAll((page) => getDoctorPage({ page, pageSize: 100 }));
  // A doctor's card carries the clinic's name: the longest name at the clinic with the longest name is the hardest.
  await both('doctor', doctors, (d) => `${d.name}${d.clinicName}`, async (d) => doctorCard((await getDoctor(d.appointmentCode))!));
  const clinics = await readAll((page) => getClinicPage({ page, pageSize: 100 }));
  await both('clinic', clinics, (c) => c.name, async (c) => clinicCard((await getClinic(c.code))!));
  const news = await readAll((page) => getNewsPage({ page, pageSize: 100 }));
  const charityTypes: number[] = [NEWS_TYPES.charityActivity, NEWS_TYPES.charityNotice, NEWS_TYPES.charityProject];
  await both('article', news.filter((n) => !charityTypes.includes(n.type)), (n) => n.title, async (n) => articleCard((await getNewsArticle(n.id))!));
  await both('charity', news.filter((n) => charityTypes.includes(n.type)), (n) => n.title, async (n) => articleCard((await getNewsArticle(n.id))!));
  const goods = await readAll((page) => getPointsGoodsList({ page, pageSize: 60 }));
  await both('product', goods, (g) => g.name, async (g) => goodsCard((await getPointsGoods(g.sn))!));
  const illnesses = await readAll((page) => getIllnessPage({ page, pageSize: 100 }));
  await both('illness', illnesses, (i) => `${i.name}${i.clinicName}`, async (i) => illnessCard((await getIllness(i.id))!));
  const studios = await readAll((page) => getStudioPage({ page, pageSize: 100 }));
  await both('studio', studios, (s) => `${s.name}${s.clinicName}`, async (s) => studioCard((await getStudio(s.id))!.studio));
  const specials = await readAll((page) => getSpecialPage({ page, pageSize: 100 }));
  await both('special', specials, (s) => s.title, async (s) => specialCard((await getSpecial(s.id))!));
  return out;
}

/** Past anything seeded: the builders' longest text, a Latin word wider than a line, and a one-character name. */
const MADE_UP: [string, ShareCard][] = [
  ['article, 48 characters, no picture', { kind: 'article', id: '1', kicker: '通知公告', title: '关于'.repeat(23) + '通知。', lines: ['2026-11-20　圣爱公益基金会'] }],
  [
    'clinic, every field at its longest',
    {
      kind: 'clinic',
      id: 'X',
      kicker: '中医医院中医医院中医医院中医医院中医医院中医医院中医医院',
      title: '圣爱中医医院（西双版纳傣族自治州景洪市嘎洒镇曼景保村国际机场店）',
      lines: ['西双版纳傣族自治州景洪市嘎洒镇曼景保村委会曼景保村民小组国际机场旁88号', '电话 0691-21266550691-2126655', '周一至周日 08:30-21:00（节假日另行通知，以门诊公告为准）'],
      picture: '/images/clinics/SA0101.svg',
    },
  ],
  ['product, a word wider than a line', { kind: 'goods', id: 'X', kicker: '积分商城', title: 'A'.repeat(70), lines: ['1.18万 积分兑换'], picture: '/images/goods/PG0001.svg' }],
  ['doctor, one character', { kind: 'doctor', id: 'X', kicker: '中医内科', title: '李', lines: [], picture: '/images/doctors/D100001.svg' }],
  ['tool, the 体质辨识 card', toolCard('tizhi')!],
];

/** What is wrong with a layout's geometry (empty when nothing is). */
async function geometryProblems(layout: CardLayout): Promise<string[]> {
  const metrics = await cardMetrics();
  const problems: string[] = [];
  const name = (t: TextBox) => `${t.role} “${t.lines.join('/')}”`;
  for (const t of layout.texts) {
    if (!inside(t, CANVAS)) problems.push(`${name(t)} leaves the card`);
    if (t.height !== t.lines.length * t.lineHeight) problems.push(`${name(t)} is not as tall as its lines`);
    for (const l of t.lines) if (textWidth(metrics, l, t.fontSize) > t.width + 0.5) problems.push(`${name(t)}: “${l}” is wider than its box`);
    for (const d of layout.decorations) {
      const own = (t.role === 'logo' && d.role === 'logo') || (t.role === 'kicker' && d.role === 'badge');
      if (own && !inside(t, d)) problems.push(`${name(t)} leaves its ${d.role}`);
      if (!own && d.role !== 'bar' && intersects(t, d)) problems.push(`${name(t)} runs into the ${d.role}`);
      if (d.role === 'bar' && intersects(t, d)) problems.push(`${name(t)} runs into the bar`);
    }
  }
  layout.texts.forEach((a, i) =>
    layout.texts.slice(i + 1).forEach((b) => {
      if (intersects(a, b)) problems.push(`${name(a)} and ${name(b)} intersect`);
    }),
  );
  for (const d of layout.decorations) if (!inside(d, CANVAS)) problems.push(`${d.role} leaves the card`);
  return problems;
}

/** Drawn pixels (not the background) outside every box: text that ran out of its place. */
function inkOutside(png: Uint8Array, layout: CardLayout): { outside: number; emptyBoxes: string[] } {
  const { width, height, data } = decodePng(png);
  const bg = [1, 3, 5].map((i) => parseInt(CARD_BACKGROUND.slice(i, i + 2), 16));
  // Anti-aliased glyph edges may reach a pixel past a box.
  const grow = (r: Rect, by: number): Rect => ({ x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by });
  const allowed = [...layout.texts.map((t) => grow(t, 2)), ...layout.decorations.map((d) => grow(d, 1))];
  const inked = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    return Math.abs(data[i]! - bg[0]!) + Math.abs(data[i + 1]! - bg[1]!) + Math.abs(data[i + 2]! - bg[2]!) > 30;
  };
  let outside = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!inked(x, y)) continue;
      if (!allowed.some((r) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height)) outside++;
    }
  }
  // And each text box on the plain background was really drawn into.
  const emptyBoxes = layout.texts
    .filter((t) => t.role !== 'logo' && t.role !== 'kicker')
    .filter((t) => {
      for (let y = Math.floor(t.y); y < t.y + t.height; y++) for (let x = Math.floor(t.x); x < t.x + t.width; x++) if (inked(x, y)) return false;
      return true;
    })
    .map((t) => `${t.role} “${t.lines.join('/')}”`);
  return { outside, emptyBoxes };
}

describe('share cards laid out by measured text', () => {
  it('the font metrics are the font’s own: a CJK character is one em, digits narrower', async () => {
    const metrics = await cardMetrics();
    expect(textWidth(metrics, '圣爱', 100)).toBe(200);
    expect(textWidth(metrics, '0871', 100)).toBeLessThan(300);
    expect(textWidth(metrics, '0871', 100)).toBeGreaterThan(150);
    // The same numbers opentype.js reads from the file.
    const { parse } = await import('opentype.js');
    const bytes = fs.readFileSync('assets/fonts/noto-sans-sc-bold-gb2312.otf');
    const font = parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    for (const text of ['圣爱中医馆（安宁店）', '电话 0871-68686655', 'Ag,.;', '周一至周日 08:30-17:30']) {
      expect(textWidth(metrics, text, 50), text).toBeCloseTo(font.getAdvanceWidth(text, 50, { kerning: false }), 3);
    }
    expect(parseFontMetrics(bytes).unitsPerEm).toBe(font.unitsPerEm);
  });

  it('wraps by width, never starts a line with a closing mark nor ends one with an opening mark, and cuts with …', async () => {
    const metrics = await cardMetrics();
    // At 10 characters a line, the closing bracket would start line 2: it takes the character before it along.
    expect(wrapText(metrics, '圣爱中医医院（昆明经开区）', 10 * 60, 60)).toEqual(['圣爱中医医院（昆明经', '开区）']);
    expect(wrapText(metrics, '圣爱中医馆安宁店的（分店）', 9 * 60, 60)).toEqual(['圣爱中医馆安宁店的', '（分店）']);
    expect(wrapText(metrics, '电话 0871-68686655', 300, 28).join('|')).toBe('电话 0871-68686655');
    const cut = fitWithEllipsis(metrics, '昆明市官渡区经开区信息产业基地林溪路188号', 300, 28);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(metrics, cut, 28)).toBeLessThanOrEqual(300);
  });

  it('every card kind, at the longest and the shortest name seeded and past them: no text box intersects another or leaves the card, and the pixels stay in the boxes', async () => {
    const cards = [...(await seededExtremes()), ...MADE_UP];
    const kinds = new Set(cards.map(([label]) => label.split(',')[0]));
    expect([...kinds].sort()).toEqual(['article', 'charity', 'clinic', 'doctor', 'illness', 'product', 'special', 'studio', 'tool']);
    const report: string[] = [];
    const failures: string[] = [];
    for (const [label, card] of cards) {
      const { layout } = await shareCardLayout(card);
      const problems = await geometryProblems(layout);
      const { outside, emptyBoxes } = inkOutside(await renderShareCard(card), layout);
      if (outside > 0) problems.push(`${outside} drawn pixels outside every box`);
      for (const b of emptyBoxes) problems.push(`${b} was not drawn`);
      const title = layout.texts.find((t) => t.role === 'title')!;
      report.push(`${label.padEnd(38)} ${card.title.slice(0, 24).padEnd(24, '　')} title ${title.fontSize}px × ${title.lines.length} line(s), ${layout.texts.length} text boxes: ${problems.length ? problems.join('; ') : 'ok'}`);
      failures.push(...problems.map((p) => `${label}: ${p}`));
    }
    console.info(`share-card layout check, ${cards.length} cards:\n${report.join('\n')}`);
    expect(failures).toEqual([]);
  });

  it('a short clinic name stays on one line at a large size, and its address keeps its own line', async () => {
    const card = clinicCard((await getClinic('SA0106'))!);
    expect(card.title).toBe('圣爱中医馆（安宁店）');
    const { layout } = await shareCardLayout(card);
    const title = layout.texts.find((t) => t.role === 'title')!;
    expect(title.lines).toEqual(['圣爱中医馆（安宁店）']);
    expect(title.fontSize).toBeGreaterThanOrEqual(56);
    const address = layout.texts.find((t) => t.role === 'line')!;
    expect(address.y).toBeGreaterThanOrEqual(title.y + title.height);
  });
});
