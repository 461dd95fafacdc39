/**
 * The questionnaire of 中医体质辨识 as the 中华中医药学会 standard 《中医体质分类与判定》(ZYYXH/T157-2009)
 * defines it (docs/constitution.md): nine constitutions, each with its own items, every item answered on five
 * grades. The wording here is the site's own plain Chinese with the standard's meaning, never the standard's text.
 *
 * An item the standard lists under two constitutions is asked once and counts in both (`counts`), as the
 * standard's 60-item form does: 67 listed items, six of them shared, one of 湿热质's two sex-specific items
 * left out, so everyone answers 60.
 */

export const CONSTITUTION_TYPES = ['pinghe', 'qixu', 'yangxu', 'yinxu', 'tanshi', 'shire', 'xueyu', 'qiyu', 'tebing'] as const;
export type ConstitutionType = (typeof CONSTITUTION_TYPES)[number];
/** The eight biased (偏颇) constitutions: every type but 平和质. */
export type BiasedType = Exclude<ConstitutionType, 'pinghe'>;
export const BIASED_TYPES = CONSTITUTION_TYPES.filter((t): t is BiasedType => t !== 'pinghe');

export const CONSTITUTION_NAMES: Record<ConstitutionType, string> = {
  pinghe: '平和质',
  qixu: '气虚质',
  yangxu: '阳虚质',
  yinxu: '阴虚质',
  tanshi: '痰湿质',
  shire: '湿热质',
  xueyu: '血瘀质',
  qiyu: '气郁质',
  tebing: '特禀质',
};

export type Sex = 'female' | 'male';
export const SEX_NAMES: Record<Sex, string> = { female: '女', male: '男' };

/** The five grades and their scores (the standard's 没有 1 … 总是 5). */
export const GRADES = [
  { value: 1, label: '没有' },
  { value: 2, label: '很少' },
  { value: 3, label: '有时' },
  { value: 4, label: '经常' },
  { value: 5, label: '总是' },
] as const;
export type Grade = (typeof GRADES)[number]['value'];

/** Where an item counts: the type, and whether the standard scores it in reverse there (6 − grade). */
export interface ItemCount {
  type: ConstitutionType;
  reversed: boolean;
}

export interface ConstitutionItem {
  /** Form field name: q1 … q61 (stable: a stored record names its answers by it). */
  id: string;
  text: string;
  counts: ItemCount[];
  /** Asked only of this sex (湿热质's sex-specific items). */
  onlyFor?: Sex;
}

const fwd = (type: ConstitutionType): ItemCount => ({ type, reversed: false });
const rev = (type: ConstitutionType): ItemCount => ({ type, reversed: true });

/**
 * The items in the order the form asks them, grouped by the type the standard first lists them under.
 * Each group's comment gives the standard's item count for that type and the standard's item numbers.
 */
export const CONSTITUTION_ITEMS: readonly ConstitutionItem[] = [
  // 平和质, ZYYXH/T157-2009 表 A.1: 8 items. The standard marks (2)(3)(4)(5)(7)(8) to be scored in reverse
  // (a "没有" to tiredness, weak voice, low mood, cold intolerance, poor sleep, forgetfulness speaks for
  // 平和); only (1) energy and (6) adapting to change count forward. (2) is shared with 气虚质 (1),
  // (3) with 气虚质 (7), (4) with 气郁质 (1), (5) with 阳虚质 (4), (8) with 血瘀质 (6): forward there.
  { id: 'q1', text: '您平时精力旺盛、做事有劲头吗？', counts: [fwd('pinghe')] },
  { id: 'q2', text: '您容易觉得累、没力气吗？', counts: [rev('pinghe'), fwd('qixu')] },
  { id: 'q3', text: '您说话时声音轻、没有底气吗？', counts: [rev('pinghe'), fwd('qixu')] },
  { id: 'q4', text: '您会心情低落、高兴不起来吗？', counts: [rev('pinghe'), fwd('qiyu')] },
  { id: 'q5', text: '您比身边的人更怕冷（冬天的寒气、夏天的空调或风扇）吗？', counts: [rev('pinghe'), fwd('yangxu')] },
  { id: 'q6', text: '天气变化、换了环境或遇到生活上的变化，您能较快适应吗？', counts: [fwd('pinghe')] },
  { id: 'q7', text: '您晚上不容易睡着或睡不踏实吗？', counts: [rev('pinghe')] },
  { id: 'q8', text: '您常常记不住事、丢三落四吗？', counts: [rev('pinghe'), fwd('xueyu')] },

  // 气虚质, 表 A.2: 8 items, all forward. (1) tiredness and (7) weak voice are asked above; (5) catching
  // colds easily is shared with 阳虚质 (5).
  { id: 'q9', text: '您容易气不够用、喘不上气吗？', counts: [fwd('qixu')] },
  { id: 'q10', text: '您容易心里发慌、心跳得不安稳吗？', counts: [fwd('qixu')] },
  { id: 'q11', text: '您容易头晕，或者从坐着、蹲着站起来时眼前发黑吗？', counts: [fwd('qixu')] },
  { id: 'q12', text: '您比别人更容易感冒吗？', counts: [fwd('qixu'), fwd('yangxu')] },
  { id: 'q13', text: '您喜欢清静、不太想开口说话吗？', counts: [fwd('qixu')] },
  { id: 'q14', text: '您稍微多动一动就出一身虚汗吗？', counts: [fwd('qixu')] },

  // 阳虚质, 表 A.3: 7 items, all forward. (4) cold intolerance and (5) colds are asked above.
  { id: 'q15', text: '您的手脚摸上去发凉吗？', counts: [fwd('yangxu')] },
  { id: 'q16', text: '您的胃部、后背或腰和膝盖怕冷吗？', counts: [fwd('yangxu')] },
  { id: 'q17', text: '您觉得冷，比别人穿得更多吗？', counts: [fwd('yangxu')] },
  { id: 'q18', text: '吃了或喝了凉的东西，您会不舒服，或者干脆不敢吃凉的吗？', counts: [fwd('yangxu')] },
  { id: 'q19', text: '着凉或吃了凉的东西以后，您容易拉肚子吗？', counts: [fwd('yangxu')] },

  // 阴虚质, 表 A.4: 8 items, all forward, none shared.
  { id: 'q20', text: '您觉得手心、脚心发烫吗？', counts: [fwd('yinxu')] },
  { id: 'q21', text: '您觉得身上或脸上发热吗？', counts: [fwd('yinxu')] },
  { id: 'q22', text: '您的皮肤或嘴唇发干吗？', counts: [fwd('yinxu')] },
  { id: 'q23', text: '您的嘴唇颜色比一般人更红吗？', counts: [fwd('yinxu')] },
  { id: 'q24', text: '您容易便秘，或者大便偏干吗？', counts: [fwd('yinxu')] },
  { id: 'q25', text: '您的两边脸颊容易发红吗？', counts: [fwd('yinxu')] },
  { id: 'q26', text: '您觉得眼睛发干、发涩吗？', counts: [fwd('yinxu')] },
  { id: 'q27', text: '您觉得嘴里、嗓子发干，总想喝水吗？', counts: [fwd('yinxu')] },

  // 痰湿质, 表 A.5: 8 items, all forward, none shared.
  { id: 'q28', text: '您觉得胸口发闷，或者肚子胀胀的吗？', counts: [fwd('tanshi')] },
  { id: 'q29', text: '您觉得身子发沉、不轻快吗？', counts: [fwd('tanshi')] },
  { id: 'q30', text: '您的肚子胖而松软吗？', counts: [fwd('tanshi')] },
  { id: 'q31', text: '您的额头容易出油吗？', counts: [fwd('tanshi')] },
  { id: 'q32', text: '您的上眼皮比别人显得肿（微微鼓起）吗？', counts: [fwd('tanshi')] },
  { id: 'q33', text: '您觉得嘴里黏糊糊的吗？', counts: [fwd('tanshi')] },
  { id: 'q34', text: '您平时痰多，总觉得嗓子里有痰堵着吗？', counts: [fwd('tanshi')] },
  { id: 'q35', text: '您的舌苔厚，或者觉得舌头上像糊了一层东西吗？', counts: [fwd('tanshi')] },

  // 湿热质, 表 A.6: 7 items, all forward; (6) is asked of women only and (7) of men only, so each person
  // answers 6 and the type's 条目数 is 6.
  { id: 'q36', text: '您的脸上或鼻子上油腻发亮吗？', counts: [fwd('shire')] },
  { id: 'q37', text: '您容易长痘痘或疖子吗？', counts: [fwd('shire')] },
  { id: 'q38', text: '您觉得嘴里发苦或有异味吗？', counts: [fwd('shire')] },
  { id: 'q39', text: '您的大便黏、不爽快，总觉得没解干净吗？', counts: [fwd('shire')] },
  { id: 'q40', text: '您小便时尿道有灼热感，或者尿的颜色深吗？', counts: [fwd('shire')] },
  { id: 'q41', text: '您的白带颜色发黄吗？', counts: [fwd('shire')], onlyFor: 'female' },
  { id: 'q42', text: '您的阴囊部位容易潮湿吗？', counts: [fwd('shire')], onlyFor: 'male' },

  // 血瘀质, 表 A.7: 7 items, all forward. (6) forgetfulness is asked above.
  { id: 'q43', text: '您的皮肤会不知不觉出现青紫的瘀斑吗？', counts: [fwd('xueyu')] },
  { id: 'q44', text: '您的两边脸颊上能看到细小的红血丝吗？', counts: [fwd('xueyu')] },
  { id: 'q45', text: '您身上有哪里疼痛吗？', counts: [fwd('xueyu')] },
  { id: 'q46', text: '您的脸色发暗，或者容易长褐色的斑吗？', counts: [fwd('xueyu')] },
  { id: 'q47', text: '您容易有黑眼圈吗？', counts: [fwd('xueyu')] },
  { id: 'q48', text: '您的嘴唇颜色偏暗吗？', counts: [fwd('xueyu')] },

  // 气郁质, 表 A.8: 7 items, all forward. (1) low mood is asked above.
  { id: 'q49', text: '您容易紧张、焦虑、坐立不安吗？', counts: [fwd('qiyu')] },
  { id: 'q50', text: '您容易伤感、心里不够坚强吗？', counts: [fwd('qiyu')] },
  { id: 'q51', text: '您容易害怕或被吓到吗？', counts: [fwd('qiyu')] },
  { id: 'q52', text: '您的两肋或乳房有胀痛吗？', counts: [fwd('qiyu')] },
  { id: 'q53', text: '您会没来由地叹气吗？', counts: [fwd('qiyu')] },
  { id: 'q54', text: '您觉得嗓子里像有东西卡着，吐不出也咽不下吗？', counts: [fwd('qiyu')] },

  // 特禀质, 表 A.9: 7 items, all forward, none shared.
  { id: 'q55', text: '没有感冒的时候，您也会打喷嚏吗？', counts: [fwd('tebing')] },
  { id: 'q56', text: '没有感冒的时候，您也会鼻塞、流鼻涕吗？', counts: [fwd('tebing')] },
  { id: 'q57', text: '换季、冷热变化或闻到异味时，您会咳嗽或喘吗？', counts: [fwd('tebing')] },
  { id: 'q58', text: '您容易对药物、食物、气味、花粉或换季、天气变化过敏吗？', counts: [fwd('tebing')] },
  { id: 'q59', text: '您的皮肤容易起风团（荨麻疹、风疹块）吗？', counts: [fwd('tebing')] },
  { id: 'q60', text: '您的皮肤因为过敏出现过紫红色的斑点或斑块吗？', counts: [fwd('tebing')] },
  { id: 'q61', text: '您的皮肤一抓就红，还留下抓痕吗？', counts: [fwd('tebing')] },
];

/** The items a person of this sex is asked, in order (60). */
export function itemsFor(sex: Sex): ConstitutionItem[] {
  return CONSTITUTION_ITEMS.filter((item) => !item.onlyFor || item.onlyFor === sex);
}

/** The standard's item count of each type (what each person answers for it: 湿热质 6). */
export const ITEM_COUNTS: Record<ConstitutionType, number> = {
  pinghe: 8,
  qixu: 8,
  yangxu: 7,
  yinxu: 8,
  tanshi: 8,
  shire: 6,
  xueyu: 7,
  qiyu: 7,
  tebing: 7,
};
