/**
 * What a studio's share cards say (docs/seo-sharing.md "Share cards"): the studio page and its
 * 工作成果 / 工作动态 / 专题 pages each get a card of their own, titled and versioned by their content.
 */
import { describe, expect, it } from 'vitest';
import type { Special, Studio } from '../api/specialties';
import type { PointsGoods } from '../api/points';
import { goodsCard, isShareCardKind, shareCardAlt, shareCardPath, specialCard, studioCard, toolCard } from './content';

const studio: Studio = {
  id: 3,
  name: '周文华名医工作室',
  classCode: 'NK',
  className: '内科名医工作室',
  introduction: '<p>工作室由主任医师周文华领衔。</p>',
  image: '/images/doctors/D100003.svg',
  doctorCode: 'D100003',
  doctorName: '周文华',
  doctorTitle: '主任医师',
  department: '中医内科',
  clinicName: '圣爱中医馆（昆明总院）',
  praiseRate: 98,
  serviceCount: 1200,
};

const special: Special = {
  id: 41,
  type: 2,
  typeName: '工作动态',
  title: '周文华工作室走进社区开展义诊',
  summary: '工作室团队走进社区，为居民提供免费问诊与健康咨询。',
  image: '',
  studioId: 3,
  studioName: '周文华名医工作室',
  doctorCode: 'D100003',
  doctorName: '周文华',
  createdAt: '2026-05-12 10:00:00',
  contentHtml: '<p>正文</p>',
};

describe('studio share cards', () => {
  it("a studio's card names the studio, its lead doctor and where the doctor works", () => {
    const card = studioCard(studio);
    expect(card).toMatchObject({ kind: 'studio', id: '3', kicker: '内科名医工作室', title: '周文华名医工作室', picture: studio.image });
    expect(card.lines).toEqual(['领衔：周文华\u3000主任医师', '中医内科\u3000圣爱中医馆（昆明总院）']);
    expect(shareCardPath(card)).toMatch(/^\/share-card\/studio\/3\.png\?v=[0-9a-z]+$/);
    expect(shareCardAlt(card)).toBe('周文华名医工作室，领衔：周文华\u3000主任医师，中医内科\u3000圣爱中医馆（昆明总院）');
  });

  it("a studio's article card carries its headline under the studio and section, with the lead doctor and date", () => {
    const card = specialCard(special);
    expect(isShareCardKind(card.kind)).toBe(true);
    expect(card).toMatchObject({ kind: 'special', id: '41', kicker: '周文华名医工作室\u3000工作动态', title: '周文华工作室走进社区开展义诊' });
    expect(card.lines).toEqual(['领衔：周文华', '2026-05-12']);
    // No picture rather than an empty path: the card draws without one.
    expect(card.picture).toBeUndefined();
    expect(shareCardPath(card)).toMatch(/^\/share-card\/special\/41\.png\?v=[0-9a-z]+$/);
  });

  it('a long headline is clipped, and an article without a studio still says where it belongs', () => {
    const card = specialCard({ ...special, title: '长'.repeat(60), studioName: '', doctorName: '' });
    expect(card.title).toBe(`${'长'.repeat(47)}…`);
    expect(card.kicker).toBe('名医工作室\u3000工作动态');
    expect(card.lines).toEqual(['2026-05-12']);
  });

  it('a changed page gets a new card address; the same page keeps its address', () => {
    const before = shareCardPath(specialCard(special));
    expect(shareCardPath(specialCard({ ...special }))).toBe(before);
    expect(shareCardPath(specialCard({ ...special, title: '周文华工作室举办冬病夏治健康讲座' }))).not.toBe(before);
    expect(shareCardPath(studioCard({ ...studio, doctorTitle: '副主任医师' }))).not.toBe(shareCardPath(studioCard(studio)));
  });
});

describe('goods share cards', () => {
  it('a product card gives its points in 万 from 10000 (SPEC §9), through the one formatter', () => {
    const goods = { sn: 'PG0021', name: '膏方调理体验（一料）', category: '门诊服务', points: 11800, summary: '医生面诊后开具膏方一料。', image: '/images/goods/PG0021.svg' } as PointsGoods;
    expect(goodsCard(goods).lines[0]).toBe('1.18万 积分兑换');
    expect(goodsCard({ ...goods, points: 9999 }).lines[0]).toBe('9999 积分兑换');
  });
});

describe('the 体质辨识 card (docs/constitution.md)', () => {
  it('is one card for everyone, of kind tool, and an unknown tool has none', () => {
    const card = toolCard('tizhi')!;
    expect(card).toMatchObject({ kind: 'tool', id: 'tizhi', kicker: '中医体质辨识' });
    expect(shareCardPath(card)).toMatch(/^\/share-card\/tool\/tizhi\.png\?v=[0-9a-z]+$/);
    expect(shareCardAlt(card)).toContain('仅供参考');
    expect(isShareCardKind('tool')).toBe(true);
    expect(toolCard('constructor')).toBeNull();
    expect(toolCard('nope')).toBeNull();
  });
});
