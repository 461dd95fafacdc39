/**
 * The points goods of the demo mall (docs/content.md: at least 24, some at 10000+
 * points, with stock; one with stock 1 for the "stock runs out" test).
 * scripts/generate-goods-images.ts draws public/images/goods/<sn>.svg from the
 * same list, so every item has a local image (nothing hot-linked).
 */
export interface GoodsSeed {
  sn: string;
  name: string;
  category: string;
  points: number;
  marketPrice: number;
  stock: number;
  exchanged: number;
  /** One or two characters drawn on the item's image. */
  glyph: string;
  /** Background colour of the image. */
  color: string;
  summary: string;
}

export const GOODS_CATALOGUE: GoodsSeed[] = [
  { sn: 'PG0001', name: '艾草暖足贴（30贴装）', category: '养生保健', points: 300, marketPrice: 39, stock: 500, exchanged: 812, glyph: '艾', color: '#6b8f71', summary: '精选南阳艾绒，睡前足底温养，舒缓一日疲劳。' },
  { sn: 'PG0002', name: '三七花茶（罐装100克）', category: '道地药材', points: 680, marketPrice: 68, stock: 260, exchanged: 433, glyph: '三七', color: '#7a9a4b', summary: '文山三七花，清热平肝，泡饮方便。' },
  { sn: 'PG0003', name: '中医经络按摩梳', category: '养生保健', points: 450, marketPrice: 49, stock: 320, exchanged: 266, glyph: '梳', color: '#a0703c', summary: '檀木宽齿，沿督脉梳理头部经络。' },
  { sn: 'PG0004', name: '陈皮普洱小青柑（礼盒）', category: '茶饮', points: 1280, marketPrice: 128, stock: 150, exchanged: 198, glyph: '柑', color: '#c27c2c', summary: '新会陈皮配勐海熟普，理气健脾。' },
  { sn: 'PG0005', name: '枸杞菊花养肝茶', category: '茶饮', points: 520, marketPrice: 52, stock: 400, exchanged: 377, glyph: '菊', color: '#d4a017', summary: '宁夏枸杞与杭白菊，养肝明目。' },
  { sn: 'PG0006', name: '刮痧板套装（砭石）', category: '理疗器具', points: 880, marketPrice: 98, stock: 120, exchanged: 145, glyph: '砭', color: '#5b6770', summary: '泗滨砭石刮痧板三件，附穴位图谱。' },
  { sn: 'PG0007', name: '真空拔罐器（12罐）', category: '理疗器具', points: 1580, marketPrice: 168, stock: 90, exchanged: 102, glyph: '罐', color: '#3f6e8c', summary: '家用抽气拔罐，安全易用。' },
  { sn: 'PG0008', name: '天麻精选片（250克）', category: '道地药材', points: 2680, marketPrice: 268, stock: 60, exchanged: 88, glyph: '天麻', color: '#8a6d3b', summary: '昭通乌天麻切片，平肝息风。' },
  { sn: 'PG0009', name: '野生灵芝孢子粉（60粒）', category: '滋补养生', points: 5880, marketPrice: 598, stock: 40, exchanged: 51, glyph: '芝', color: '#7b3f2a', summary: '破壁灵芝孢子粉胶囊，扶正固本。' },
  { sn: 'PG0010', name: '养生艾灸盒（双孔）', category: '理疗器具', points: 980, marketPrice: 108, stock: 180, exchanged: 164, glyph: '灸', color: '#9c4a2f', summary: '竹制艾灸盒，温灸腰腹，附艾条十支。' },
  { sn: 'PG0011', name: '中药足浴包（20包）', category: '养生保健', points: 600, marketPrice: 59, stock: 350, exchanged: 521, glyph: '浴', color: '#4e7d6a', summary: '红花、艾叶、生姜配伍，温经散寒。' },
  { sn: 'PG0012', name: '决明子荞麦枕', category: '家居生活', points: 1980, marketPrice: 199, stock: 75, exchanged: 69, glyph: '枕', color: '#6a5a8c', summary: '决明子与荞麦壳双层填充，清肝助眠。' },
  { sn: 'PG0013', name: '黄芪党参炖汤包（5包）', category: '滋补养生', points: 760, marketPrice: 76, stock: 210, exchanged: 243, glyph: '汤', color: '#b5651d', summary: '云南道地黄芪、党参，补气养血。' },
  { sn: 'PG0014', name: '玫瑰花茶（云南墨红）', category: '茶饮', points: 420, marketPrice: 45, stock: 300, exchanged: 402, glyph: '玫', color: '#b03a48', summary: '高原墨红玫瑰，疏肝解郁。' },
  { sn: 'PG0015', name: '智能电子血压计', category: '健康器械', points: 12800, marketPrice: 1280, stock: 30, exchanged: 27, glyph: '压', color: '#2f5d7c', summary: '上臂式全自动血压计，双人记忆。' },
  { sn: 'PG0016', name: '紫砂养生壶（1.5升）', category: '家居生活', points: 16800, marketPrice: 1680, stock: 20, exchanged: 18, glyph: '壶', color: '#7a4a3a', summary: '煎药、煮茶两用，文火慢炖。' },
  { sn: 'PG0017', name: '三伏贴体验套餐（3次）', category: '门诊服务', points: 3600, marketPrice: 360, stock: 100, exchanged: 133, glyph: '伏', color: '#c0392b', summary: '门诊三伏天穴位贴敷三次，冬病夏治。' },
  { sn: 'PG0018', name: '推拿理疗体验券（60分钟）', category: '门诊服务', points: 2400, marketPrice: 268, stock: 200, exchanged: 317, glyph: '推', color: '#8c5e3c', summary: '任一门诊可用，资深推拿师操作。' },
  { sn: 'PG0019', name: '中医体质辨识与调理方案', category: '门诊服务', points: 1800, marketPrice: 198, stock: 150, exchanged: 190, glyph: '辨', color: '#4b6b3c', summary: '九种体质辨识，主治医师一对一解读。' },
  { sn: 'PG0020', name: '足部按摩器（气囊热敷）', category: '健康器械', points: 25800, marketPrice: 2580, stock: 12, exchanged: 9, glyph: '足', color: '#354f6b', summary: '气囊挤压加热敷，缓解足底疲劳。' },
  { sn: 'PG0021', name: '名医工作室年度膏方', category: '滋补养生', points: 38800, marketPrice: 3880, stock: 8, exchanged: 5, glyph: '膏', color: '#5c2e1f', summary: '名老中医辨证开方，冬令进补一料。' },
  { sn: 'PG0022', name: '八段锦教学视频与练功服', category: '家居生活', points: 3200, marketPrice: 329, stock: 80, exchanged: 61, glyph: '练', color: '#2e7d6b', summary: '棉麻练功服一套，附名师教学课程。' },
  { sn: 'PG0023', name: '全家健康体检套餐（3人）', category: '门诊服务', points: 58800, marketPrice: 5880, stock: 5, exchanged: 2, glyph: '检', color: '#1f4e79', summary: '中西医结合体检三人份，含体质辨识。' },
  { sn: 'PG0024', name: '沉香手串（限量）', category: '家居生活', points: 9800, marketPrice: 980, stock: 1, exchanged: 3, glyph: '香', color: '#6b4226', summary: '限量一件，兑完即止。' },
  { sn: 'PG0025', name: '薄荷清凉油（3盒）', category: '养生保健', points: 150, marketPrice: 18, stock: 800, exchanged: 1290, glyph: '薄', color: '#3f8f7a', summary: '提神醒脑，随身常备。' },
  { sn: 'PG0026', name: '石斛枫斗礼盒（100克）', category: '道地药材', points: 11800, marketPrice: 1180, stock: 25, exchanged: 31, glyph: '斛', color: '#58743a', summary: '龙陵紫皮石斛枫斗，养阴生津。' },
];

/** The item with stock 1 that e2e tests exhaust (the "stock runs out" test). */
export const LAST_ONE_SN = 'PG0024';
