/**
 * Demo members (README and docs/content.md list their logins):
 * - 13800000001 王雅琴 / Shengai2026: 金卡会员, many points (128600), WeChat openid wx-demo-openid-0001;
 * - 13800000002 李文博 / Shengai2026: few points (120);
 * - 13800000003 赵春梅: an offline card SA20170003 to activate, no online account (phone check ReturnCode 3);
 * - 13800000009: not registered (phone check ReturnCode 2);
 * - 13800000004..6: ordinary members (other members' data must stay invisible).
 * No real people's data: names and numbers are invented.
 */
import { hashPassword } from '../passwords';
import type { Seeder } from '../types';

export const DEMO_PASSWORD = 'Shengai2026';

export const DEMO_MEMBERS = {
  rich: { phone: '13800000001', name: '王雅琴', vipCode: 'VIP0001' },
  poor: { phone: '13800000002', name: '李文博', vipCode: 'VIP0002' },
  cardHolder: { phone: '13800000003', name: '赵春梅', cardNo: 'SA20170003' },
  unregistered: { phone: '13800000009' },
} as const;

/** A WeChat openid bound to 王雅琴, and one with no member (PcWechatLogin ErrorNo -2). */
export const DEMO_OPENIDS = { bound: 'wx-demo-openid-0001', unbound: 'wx-demo-openid-unbound' } as const;

export const seedCore: Seeder = (db, settings) => {
  // Their password is published: a deployment gets them only when asked for (DEMO_MEMBERS, lib/backend/settings.ts).
  if (!settings.demoMembers) return;
  const password = hashPassword(DEMO_PASSWORD);
  const insertMember = db.prepare(
    `INSERT INTO members (phone, name, vip_code, card_no, level, level_name, points, id_card, birthday, sex, password_hash, created_at)
     VALUES (@phone, @name, @vipCode, @cardNo, @level, @levelName, @points, @idCard, @birthday, @sex, @password, @createdAt)`,
  );
  const members = [
    { phone: '13800000001', name: '王雅琴', vipCode: 'VIP0001', cardNo: 'SA20170001', level: 3, levelName: '金卡会员', points: 128600, idCard: null, birthday: '1978-03-12', sex: 0, createdAt: '2017-02-08 09:30:00' },
    { phone: '13800000002', name: '李文博', vipCode: 'VIP0002', cardNo: 'SA20180002', level: 1, levelName: '普卡会员', points: 120, idCard: null, birthday: '1990-07-21', sex: 1, createdAt: '2018-05-16 14:05:00' },
    { phone: '13800000004', name: '陈思远', vipCode: 'VIP0004', cardNo: 'SA20190004', level: 2, levelName: '银卡会员', points: 5600, idCard: null, birthday: '1985-11-02', sex: 1, createdAt: '2019-09-01 10:00:00' },
    { phone: '13800000005', name: '刘晓燕', vipCode: 'VIP0005', cardNo: 'SA20200005', level: 1, levelName: '普卡会员', points: 860, idCard: null, birthday: '1995-01-30', sex: 0, createdAt: '2020-03-18 16:20:00' },
    { phone: '13800000006', name: '杨光明', vipCode: 'VIP0006', cardNo: 'SA20210006', level: 2, levelName: '银卡会员', points: 23000, idCard: null, birthday: '1969-06-15', sex: 1, createdAt: '2021-12-03 08:45:00' },
  ];
  for (const m of members) insertMember.run({ ...m, password });

  const insertCard = db.prepare(
    `INSERT INTO member_cards (card_no, phone, holder_name, level, level_name, points, org_name, issued_at, member_id, activated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM members WHERE phone = ?), ?)`,
  );
  // The online members' own cards, already activated.
  for (const m of members) {
    insertCard.run(m.cardNo, m.phone, m.name, m.level, m.levelName, m.points, '圣爱中医昆明总院', m.createdAt, m.phone, m.createdAt);
  }
  // 赵春梅: an offline card from a clinic, not yet activated online.
  insertCard.run('SA20170003', '13800000003', '赵春梅', 2, '银卡会员', 3680, '圣爱中医曲靖门诊部', '2017-04-22 11:10:00', null, null);

  db.prepare('INSERT INTO wechat_bindings (openid, member_id) VALUES (?, (SELECT id FROM members WHERE phone = ?))').run(
    DEMO_OPENIDS.bound,
    '13800000001',
  );
  db.prepare('INSERT INTO wechat_bindings (openid, member_id) VALUES (?, NULL)').run(DEMO_OPENIDS.unbound);
};
