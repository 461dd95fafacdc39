/**
 * Demo content of the member services (docs/content.md): card levels and rights,
 * agreements, points goods, message sources, and registration records for the
 * demo members that the core seeder created just before this one.
 */
import { discountText, MEMBER_LEVELS, memberLevel, pointsMultiplierText } from '../../fees';
import { formatPoints } from '../../format';
import { siteConfig } from '../../site-config';
import type { Database, Seeder } from '../types';
import { GOODS_CATALOGUE } from './points-goods-catalogue';

/** 挂号费 at a level, in the words of /memberServices, from the table the bookings are charged by (lib/fees.ts). */
const registrationDiscount = (level: number) => `挂号费${discountText(memberLevel(level).registrationPercent)}`;

/** Each level's summary names its threshold through the site's one points formatter (SPEC §9: 万 from 10000). */
export const CARD_LEVELS = [
  { level: 1, name: '普卡', threshold: 0, discount: registrationDiscount(1), color: '#8a8f98', summary: '注册即享，积分累计从这里开始。' },
  { level: 2, name: '银卡', threshold: 5000, discount: `${registrationDiscount(2)}、中药饮片9.8折`, color: '#9aa5b1', summary: `年度消费积分满${formatPoints(5000)}升级。` },
  { level: 3, name: '金卡', threshold: 20000, discount: `${registrationDiscount(3)}、中药饮片9.5折`, color: '#c9a227', summary: `年度消费积分满${formatPoints(20000)}升级。` },
  { level: 4, name: '钻石卡', threshold: 50000, discount: `${registrationDiscount(4)}、中药饮片9折`, color: '#4a6fa5', summary: `年度消费积分满${formatPoints(50000)}升级，尊享专属服务。` },
] as const;

/** A right's four levels read from the table: what 普卡, 银卡, 金卡, 钻石卡 get. */
const byLevel = (text: (l: (typeof MEMBER_LEVELS)[number]) => string) => MEMBER_LEVELS.map(text) as [string, string, string, string];

/** Each right with what it gives at 普卡, 银卡, 金卡, 钻石卡 ('' = not at that level). */
const RIGHTS: { title: string; icon: string; summary: string; content: string; levels: [string, string, string, string] }[] = [
  {
    title: '消费积分',
    icon: '积',
    summary: '门诊消费累积积分，可在积分商城兑换好礼。',
    content: '会员在圣爱中医各门诊就诊、购药均可累积积分，每消费1元累积1分，再按会员等级乘以积分倍数（在线预约挂号支付后即时到账，可在“积分明细”中查看；退号时一并扣回）；积分有效期为获得之日起两年。积分可在“积分兑换”与“积分商城”中兑换养生好礼与门诊服务。',
    levels: byLevel((l) => pointsMultiplierText(l.pointsTenths)),
  },
  {
    title: '挂号优惠',
    icon: '号',
    summary: '预约挂号享会员折扣。',
    content: '通过官网、公众号或门诊前台预约挂号，凭会员卡享受相应折扣，名医工作室专家号同样适用；在线预约时按账号持有人的会员等级计算，为家人预约同样享受，预约页面在支付前显示折后金额。',
    levels: byLevel((l) => discountText(l.registrationPercent)),
  },
  {
    title: '优先就诊',
    icon: '先',
    summary: '高等级会员门诊优先候诊。',
    content: '金卡及以上会员在门诊设有会员专属候诊通道，复诊患者可优先安排同一位医生。',
    levels: ['', '', '优先候诊', '专属通道与专人陪诊'],
  },
  {
    title: '生日礼遇',
    icon: '寿',
    summary: '会员生日当月赠送积分与养生礼包。',
    content: '会员生日当月自动赠送生日积分，银卡及以上另赠节气养生礼包一份，可到任一门诊领取。',
    levels: ['赠送100积分', '赠送300积分与养生茶', '赠送800积分与养生礼包', '赠送2000积分与膏方体验'],
  },
  {
    title: '健康档案',
    icon: '档',
    summary: '电子健康档案与就诊记录随时查询。',
    content: '会员的就诊记录、处方与体质辨识结果统一归档，可在个人中心查询；钻石卡会员配备家庭健康顾问。',
    levels: ['就诊记录查询', '就诊记录与体质档案', '年度健康报告', '家庭健康顾问'],
  },
  {
    title: '免费代煎',
    icon: '煎',
    summary: '中药饮片免费代煎与配送。',
    content: '银卡及以上会员在门诊开具的中药饮片可免费代煎；金卡及以上在昆明主城区免费配送到家。',
    levels: ['', '免费代煎', '免费代煎与配送', '免费代煎、配送与用药随访'],
  },
];

const AGREEMENTS: { code: string; title: string; summary: string; paragraphs: string[] }[] = [
  {
    code: 'register',
    title: '圣爱中医会员注册协议',
    summary: '注册成为圣爱中医会员前请仔细阅读本协议。',
    paragraphs: [
      '一、本协议是您与云南圣爱中医馆有限公司（以下简称“圣爱中医”）之间关于注册、使用会员服务所订立的协议。',
      '二、您应使用本人真实的手机号码注册，并妥善保管账号与密码；因您保管不善造成的损失由您自行承担。',
      '三、会员卡仅限本人使用，不得转让、出借；会员等级依年度消费积分评定。',
      '四、圣爱中医有权根据经营需要调整会员权益，调整前将在官网公示。',
      '五、本协议适用中华人民共和国法律。',
    ],
  },
  {
    code: 'privacy',
    title: '隐私政策',
    summary: '我们如何收集、使用与保护您的个人信息。',
    paragraphs: [
      '一、我们仅在提供诊疗与会员服务所必需的范围内收集您的姓名、手机号、身份证号与就诊信息。',
      '二、您的健康信息仅用于诊疗与健康管理，未经您同意不会向第三方提供，法律法规另有规定的除外。',
      '三、我们采取加密存储、权限管理等措施保护您的个人信息安全。',
      '四、您可以在个人中心查询、更正您的个人信息，或联系客服注销账号。',
    ],
  },
  {
    code: 'points',
    title: '积分规则',
    summary: '积分的获得、使用与有效期。',
    paragraphs: [
      '一、会员在门诊消费每1元累积1积分，不同会员等级享受相应积分倍数。',
      '二、积分可在积分商城兑换商品或门诊服务，兑换成功后积分即时扣除。',
      '三、兑换的实物商品在15个工作日内寄出或到指定门诊领取；商品一经兑换，非质量问题不予退换。',
      '四、积分有效期为获得之日起两年，到期自动清零。',
      '五、以不正当方式获取的积分，圣爱中医有权取消。',
    ],
  },
  {
    code: 'service',
    title: '会员服务条款',
    summary: '会员服务的范围、预约与投诉处理。',
    paragraphs: [
      '一、会员可通过官网预约挂号、查询就诊记录、留言咨询与投诉建议。',
      '二、预约挂号后如不能按时就诊，请提前取消；连续三次爽约将暂停网上预约30天。',
      '三、我们会在3个工作日内答复会员的留言与投诉，并对处理结果进行回访。',
      `四、服务热线：${siteConfig.contact.hotline}（${siteConfig.contact.hotlineHours}）。`,
    ],
  },
];

const MESSAGE_SOURCES: { kind: 1 | 2; names: string[] }[] = [
  { kind: 1, names: ['就诊咨询', '预约挂号', '会员积分', '药品配送', '其他'] },
  { kind: 2, names: ['服务态度', '诊疗质量', '候诊时间', '收费问题', '环境设施', '意见建议'] },
];

/** Fallback clinics and doctors when the clinics area has not seeded any (throwaway test databases). */
const FALLBACK_VISITS = [
  { hospitalCode: 'KM001', hospitalName: '昆明圣爱中医馆（总院）', department: '中医内科', doctorCode: 'D0001', doctorName: '李明德', title: '主任医师', fee: 50 },
  { hospitalCode: 'KM002', hospitalName: '昆明圣爱中医馆（西山门诊）', department: '针灸推拿科', doctorCode: 'D0002', doctorName: '王素芳', title: '副主任医师', fee: 30 },
  { hospitalCode: 'QJ001', hospitalName: '曲靖圣爱中医馆', department: '骨伤科', doctorCode: 'D0003', doctorName: '赵建华', title: '主治医师', fee: 15 },
  { hospitalCode: 'DL001', hospitalName: '大理圣爱中医馆', department: '脾胃病科', doctorCode: 'D0004', doctorName: '杨丽琼', title: '主任医师', fee: 50 },
];

type Visit = (typeof FALLBACK_VISITS)[number];

/** Real doctors and their clinics from the clinics area's tables (seeded before us), so records link to real pages. */
function visitsFromClinics(db: Database): Visit[] {
  if (!tableExists(db, 'doctors') || !tableExists(db, 'orgs')) return [];
  return db
    .prepare(
      `SELECT o.code AS hospitalCode, o.name AS hospitalName, d.department, d.appointment_code AS doctorCode,
              d.name AS doctorName, d.title, d.register_fee AS fee
       FROM doctors d JOIN orgs o ON o.code = d.org_code ORDER BY d.doctor_id LIMIT 12`,
    )
    .all() as Visit[];
}

const SLOTS = ['上午 08:30-09:00', '上午 09:30-10:00', '上午 10:30-11:00', '下午 14:00-14:30', '下午 15:30-16:00'];

function tableExists(db: Database, name: string): boolean {
  return Boolean(db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name));
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const nowIsoOf = (d: Date) => d.toISOString();

/**
 * A few favourites for the first demo member, so /userIndex shows real ones.
 * The collections table is the clinics area's: OR IGNORE keeps a seed of theirs intact.
 */
function seedDemoFavourites(db: Database, member: { id: number; vipCode: string } | undefined, at: string) {
  if (!member || !tableExists(db, 'collections') || !tableExists(db, 'orgs')) return;
  const add = db.prepare(`INSERT OR IGNORE INTO collections (member_id, vip_code, kind, code, created_at) VALUES (?, ?, ?, ?, ?)`);
  const clinics = db.prepare(`SELECT code FROM orgs ORDER BY sort, org_id LIMIT 2`).all() as { code: string }[];
  for (const c of clinics) add.run(member.id, member.vipCode, 1, c.code, at);
  if (!tableExists(db, 'doctors')) return;
  const doctors = db.prepare(`SELECT appointment_code AS code FROM doctors ORDER BY sort, doctor_id LIMIT 2`).all() as { code: string }[];
  for (const d of doctors) add.run(member.id, member.vipCode, 2, d.code, at);
}

export const seedMemberServices: Seeder = (db, settings) => {
  const now = settings.now();

  const level = db.prepare(
    `INSERT INTO member_card_levels (level, name, threshold_points, discount, summary, color) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (const l of CARD_LEVELS) level.run(l.level, l.name, l.threshold, l.discount, l.summary, l.color);

  const right = db.prepare(`INSERT INTO member_rights (title, icon, summary, content, sort) VALUES (?, ?, ?, ?, ?)`);
  const rightLevel = db.prepare(`INSERT INTO member_right_levels (right_id, level, benefit) VALUES (?, ?, ?)`);
  RIGHTS.forEach((r, i) => {
    const id = Number(right.run(r.title, r.icon, r.summary, r.content, i + 1).lastInsertRowid);
    r.levels.forEach((benefit, j) => rightLevel.run(id, j + 1, benefit));
  });

  const agreement = db.prepare(
    `INSERT INTO agreements (code, title, summary, content, sort, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  AGREEMENTS.forEach((a, i) =>
    agreement.run(a.code, a.title, a.summary, a.paragraphs.map((p) => `<p>${p}</p>`).join('\n'), i + 1, '2026-01-01'),
  );

  const goods = db.prepare(
    `INSERT INTO points_goods (sn, name, category, points, market_price, stock, exchanged, image, summary, description, on_sale, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
  );
  GOODS_CATALOGUE.forEach((g, i) => {
    const description = [
      `<p>${g.summary}</p>`,
      `<p>兑换所需积分：${formatPoints(g.points)}积分（参考价￥${g.marketPrice}）。</p>`,
      '<p>兑换成功后，实物商品将在15个工作日内寄出，也可到就近的圣爱中医门诊领取；门诊服务类商品凭兑换记录到门诊预约使用。</p>',
    ].join('\n');
    const created = new Date(Date.UTC(2026, 0, 1 + i * 7)).toISOString();
    goods.run(g.sn, g.name, g.category, g.points, g.marketPrice, g.stock, g.exchanged, `/images/goods/${g.sn}.svg`, g.summary, description, created);
  });

  const source = db.prepare(`INSERT INTO message_sources (kind, name, sort) VALUES (?, ?, ?)`);
  for (const s of MESSAGE_SOURCES) s.names.forEach((name, i) => source.run(s.kind, name, i + 1));

  // Registration records for the demo members (enough for 2+ pages each).
  if (!tableExists(db, 'members')) return;
  const members = db
    .prepare(`SELECT id, vip_code AS vipCode, name FROM members WHERE vip_code IS NOT NULL AND vip_code <> '' ORDER BY id LIMIT 10`)
    .all() as { id: number; vipCode: string; name: string }[];
  const reg = db.prepare(
    `INSERT INTO registrations (register_no, member_id, vip_code, patient_name, visit_date, time_slot, hospital_code, hospital_name,
       department, doctor_code, doctor_name, doctor_title, fee, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  seedDemoFavourites(db, members[0], nowIsoOf(now));
  const found = visitsFromClinics(db);
  const visits = found.length ? found : FALLBACK_VISITS;
  members.forEach((m, mi) => {
    const count = mi === 0 ? 23 : 14;
    for (let i = 0; i < count; i++) {
      const v = visits[(i * 3 + mi) % visits.length]!;
      // Two upcoming visits, the rest in the past every ~12 days.
      const offsetDays = i < 2 ? 3 + i * 4 : -(i - 1) * 12;
      const visit = new Date(now.getTime() + offsetDays * 86_400_000);
      const status = i < 2 ? 0 : i % 7 === 3 ? 2 : i % 11 === 5 ? 3 : 1;
      reg.run(
        `R${m.vipCode}-${String(i + 1).padStart(3, '0')}`,
        m.id,
        m.vipCode,
        m.name,
        isoDay(visit),
        SLOTS[i % SLOTS.length]!,
        v.hospitalCode,
        v.hospitalName,
        v.department,
        v.doctorCode,
        v.doctorName,
        v.title,
        v.fee,
        status,
        new Date(visit.getTime() - 5 * 86_400_000).toISOString(),
      );
    }
  });
};
