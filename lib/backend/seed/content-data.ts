/**
 * The words of the content seed: titles, paragraphs and names for a TCM group
 * in Yunnan. Invented, no real people's data. seed/content.ts composes them.
 * Clinics named here are those of the catalogue (seed/clinics-doctors-data.ts).
 */
import { siteConfig } from '../../site-config';
import { CLINICS, clinicShortName } from './clinics-doctors-data';

/** Help items (type 30): [ClassID, question, answer paragraphs]. HELP_GROUPS in lib/news-types.ts. */
export const HELP_ITEMS: [number, string, string[]][] = [
  [1, '如何在网上预约挂号？', ['在“找医生”中选择医生，进入医生主页后选择就诊日期和时段，填写就诊人信息即可完成预约。', '预约成功后会收到短信通知，请按预约时间提前15分钟到门诊签到。']],
  [1, '可以预约几天内的号源？', ['目前开放未来14天的号源，每天早上8点更新新一天的号源。']],
  [1, '预约后如何取消？', ['登录后进入“个人中心—预约记录”，在就诊前一天18点前可自助取消。', '多次预约不就诊可能影响后续预约，请合理安排。']],
  [1, '挂号费用是多少？可以用医保吗？', ['挂号费以各门诊公示为准。已开通医保结算的门诊支持医保卡挂号和缴费，具体可在门诊详情中查看“医保类型”。']],
  [1, '就诊时需要带什么？', ['请携带本人身份证或医保卡；复诊患者请携带既往病历和检查资料。']],
  [2, '如何成为圣爱会员？', ['在网站点击“注册”，输入手机号和短信验证码，设置密码即可成为会员；已在门诊办理会员卡的，可通过“激活会员卡”绑定。']],
  [2, '会员积分如何获得？', ['在门诊就诊、购买药品和参加活动均可获得积分，消费1元累计1积分，具体以会员规则为准。']],
  [2, '积分可以兑换什么？', ['积分可在“积分商城”兑换养生用品、中药代煎服务和体检套餐等，兑换后可在个人中心查看订单。']],
  [2, '忘记登录密码怎么办？', ['在登录框点击“找回密码”，通过手机短信验证码验证后即可重置密码。']],
  [2, '会员卡可以多人共用吗？', ['会员卡与本人身份绑定，积分和权益仅限本人使用；家人可分别注册会员。']],
  [3, '门诊的营业时间是什么？', ['大部分门诊周一至周日8:30—17:30营业，节假日安排以门诊公告为准。']],
  [3, '中药可以代煎和配送吗？', ['可以。就诊后在收费处选择代煎服务，部分城市支持送药上门。']],
  [3, '如何投诉或提出建议？', [`登录后在“会员服务—投诉建议”中提交，我们会在3个工作日内回复；也可拨打服务热线${siteConfig.contact.hotline}（${siteConfig.contact.hotlineHours}）。`]],
  [3, '网站显示的信息是否可以替代面诊？', ['网站中的健康科普仅供参考，不能替代医生面诊，如有不适请及时就医。']],
  [3, '如何关注圣爱的官方账号？', ['在首页“新媒体矩阵”中扫描微信公众号、微博和抖音账号的二维码即可关注。']],
];

export const SYSTEM_CLASSES: [string, string][] = [
  ['医疗管理制度', '诊疗规范、病历管理、医疗质量与安全'],
  ['药事管理制度', '中药饮片采购、验收、调剂与追溯'],
  ['服务管理制度', '预约挂号、投诉处理、患者隐私保护'],
  ['会员管理制度', '会员注册、积分规则与权益'],
];

export const SYSTEM_DOCS: [number, string][] = [
  [1, '首诊负责制度'],
  [1, '病历书写与管理规定'],
  [1, '医疗质量安全核心制度'],
  [1, '院内感染管理制度'],
  [2, '中药饮片采购与验收管理办法'],
  [2, '中药调剂复核制度'],
  [2, '中药饮片质量追溯管理办法'],
  [3, '预约挂号服务规范'],
  [3, '患者投诉处理办法'],
  [3, '患者隐私与个人信息保护制度'],
  [4, '会员注册与实名管理办法'],
  [4, '会员积分管理规则'],
];

export const HOT_WORDS = ['失眠', '颈椎病', '脾胃', '三伏贴', '小儿推拿', '针灸', '妇科调理', '湿疹', '膏方', '艾灸'];

export const JOB_TYPES = ['中医师', '针灸推拿师', '中药师', '护理', '客服与运营', '信息技术'];
/** Where the jobs are: headquarters and clinics of the catalogue (seed/clinics-doctors-data.ts), by code. */
const JOB_CLINIC_CODES = ['SA0102', 'SA0201', 'SA0401', 'SA1102'];
export const JOB_COMPANIES: [string, string][] = [
  ['云南圣爱中医馆集团总部', '昆明'],
  ...JOB_CLINIC_CODES.map((code): [string, string] => {
    const clinic = CLINICS.find((c) => c.code === code)!;
    return [clinicShortName(clinic.name), clinic.city];
  }),
];
/** [typeIndex, companyIndex, title, salary, education, experience, channel] */
export const JOBS: [number, number, string, string, string, string, 'social' | 'campus'][] = [
  [0, 1, '中医内科主治医师', '15-25K', '本科', '5年以上', 'social'],
  [0, 2, '中医全科医师', '10-18K', '本科', '3年以上', 'social'],
  [0, 3, '中医妇科医师', '12-20K', '本科', '3年以上', 'social'],
  [0, 0, '中医住院医师（2027届）', '8-12K', '硕士', '应届', 'campus'],
  [1, 1, '针灸推拿医师', '9-15K', '本科', '2年以上', 'social'],
  [1, 4, '小儿推拿师', '7-12K', '大专', '1年以上', 'social'],
  [2, 0, '中药师（饮片质量）', '8-12K', '本科', '3年以上', 'social'],
  [2, 2, '中药调剂员', '5-7K', '大专', '不限', 'social'],
  [2, 0, '中药学管培生（2027届）', '6-8K', '本科', '应届', 'campus'],
  [3, 1, '门诊护士', '5-8K', '大专', '1年以上', 'social'],
  [3, 3, '护士长', '8-12K', '本科', '5年以上', 'social'],
  [4, 0, '会员运营专员', '6-9K', '本科', '1年以上', 'social'],
  [4, 0, '客服专员（热线）', '4.5-6K', '大专', '不限', 'social'],
  [5, 0, '前端开发工程师', '12-20K', '本科', '3年以上', 'social'],
  [5, 0, '信息技术管培生（2027届）', '8-10K', '本科', '应届', 'campus'],
];
