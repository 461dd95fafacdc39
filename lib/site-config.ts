/**
 * The site's identity, kept in one place (SPEC §1). Titles of every route are
 * `<route title> - <siteConfig.title>` (see app/layout.tsx `title.template`).
 */
export const siteConfig = {
  /** SPEC §1: the site title is that of the group's official site. */
  title: '圣爱中医官方网站',
  shortName: '圣爱中医',
  groupName: '云南圣爱中医馆集团',
  description:
    '云南圣爱中医馆集团官方网站：查找名医与门诊、预约挂号、在线问诊、会员积分与服务，了解圣爱公益与中医文化。',
  /** SPEC §1 */
  version: '1.0.0',
  /** SPEC §1: the intro text of the footer. */
  intro: [
    '2016年年中，集团自主研发的医疗ERP系统在全省各门诊及供应中心全面上线。',
    '2017年1月11日，圣爱中医官方网站正式上线。',
    '集团将持续推进数字化与互联网医疗服务，让百姓就近看好中医。',
  ],
  /**
   * The one service hotline (预约、咨询、投诉，基金会 through its extension), named here only: the header, the
   * footer, the pages and the seeded articles and agreements all show this (docs/content.md).
   */
  contact: {
    hotline: '400-871-6655',
    hotlineHours: '每日8:00—20:00',
    email: 'service@shengai-tcm.example',
    address: '云南省昆明市五华区人民中路128号',
  },
  legal: {
    icp: '滇ICP备17000111号-1',
    copyright: '© 2017-2026 云南圣爱中医馆集团 版权所有',
    medicalNotice: '本站信息仅供参考，不能替代医生面诊。',
  },
} as const;

/** Public origin, for canonical URLs, Open Graph and the sitemap. */
export function siteUrl(): string {
  return (process.env.SITE_URL || 'http://localhost:3000').replace(/\/+$/, '');
}

/**
 * External links of SPEC §2, configurable without a deploy. The price publicity link is the official source beside
 * the site's own 价格公示 page (the province's healthcare security administration sets medical service prices).
 */
export const externalLinks = {
  pricePublicity: process.env.PRICE_PUBLICITY_URL || 'https://ylbz.yn.gov.cn/',
  /** The recruitment sites; unset, 加入我们 shows the site's own openings of that channel (lib/routes.ts recruitLink). */
  recruitSocial: process.env.RECRUIT_SOCIAL_URL || '',
  recruitCampus: process.env.RECRUIT_CAMPUS_URL || '',
} as const;
