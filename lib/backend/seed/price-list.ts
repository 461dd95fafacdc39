/**
 * 价格公示 (docs/content.md): the common treatment prices of the group's services, as the clinics publish them.
 * The services are the ones the site's pages and articles offer (针灸推拿, 艾灸, 拔罐, 三伏贴, 小儿推拿, 代煎, 膏方…);
 * the member discounts named in a note are the member rights' own (seed/member-services.ts). Registration fees are
 * the doctors' (by title), never written here.
 */
import type { Seeder } from '../types';

/** [category, name, unit, price in yuan, note]. */
export const PRICE_ITEMS: [string, string, string, number, string][] = [
  ['诊查与辨识', '中医体质辨识', '每次', 30, '含体质辨识报告与调养建议'],
  ['诊查与辨识', '中医辨证论治', '每次', 0, '已含在挂号费中'],
  ['针灸', '普通针刺', '每次', 18, '5个穴位以内'],
  ['针灸', '温针灸', '每次', 25, ''],
  ['针灸', '电针', '每次', 22, ''],
  ['针灸', '火针', '每次', 30, ''],
  ['针灸', '穴位埋线', '每穴', 30, '含一次性埋线针'],
  ['推拿', '推拿（一个部位）', '每次', 45, '颈肩、腰背或四肢任一部位，约20分钟'],
  ['推拿', '小儿推拿', '每次', 40, '6岁以下，约20分钟'],
  ['推拿', '正骨手法', '每次', 60, ''],
  ['中医外治', '艾灸', '每次', 20, ''],
  ['中医外治', '拔罐', '每次', 15, '10罐以内'],
  ['中医外治', '刮痧', '每次', 20, ''],
  ['中医外治', '穴位贴敷（三伏贴、三九贴）', '每次', 30, '含药贴'],
  ['中医外治', '中药熏洗', '每次', 35, '含药'],
  ['中医外治', '中药湿敷', '每次', 25, '含药'],
  ['中药服务', '中药代煎', '每剂', 5, '银卡及以上会员免费（会员权益）'],
  ['中药服务', '膏方制作', '每料', 300, '不含膏方药材费'],
  ['中药服务', '中药配送（昆明主城区）', '每单', 10, '金卡及以上会员免费（会员权益）'],
];

export const seedPriceList: Seeder = (db) => {
  const insert = db.prepare('INSERT INTO price_items (category, name, unit, price_fen, note, sort) VALUES (?, ?, ?, ?, ?, ?)');
  PRICE_ITEMS.forEach(([category, name, unit, yuan, note], i) => insert.run(category, name, unit, Math.round(yuan * 100), note, i + 1));
};
