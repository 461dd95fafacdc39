/**
 * 挂什么科: the one table from the symptoms patients name to the department of the group that sees them
 * (docs/site-search.md "A phrase"). A phrase that names no illness a doctor lists (晚上盗汗, 口腔溃疡) still
 * leads to a department page and its doctors. Where the group has no such department (口腔科, 眼科…), the row
 * says so and names the nearest department that helps; the search page shows both.
 *
 * Each row: the words a patient uses for the symptom, the group's department(s) that see it, what their
 * doctors list for it (擅长 or an illness page; optional), and, when a hospital would send the patient to a
 * department the group does not have, that department's name.
 */
export interface TriageRow {
  words: readonly string[];
  departments: readonly string[];
  /** The 擅长 / illness names the departments' doctors list for it, when there are any. */
  means?: readonly string[];
  /** The department a hospital would send the patient to, when the group has none: the departments above are the nearest that help. */
  missing?: string;
}

export const GROUP_DEPARTMENTS = ['中医内科', '中医妇科', '中医儿科', '针灸推拿科', '中医皮肤科', '中医肿瘤科', '中医骨伤科', '中医肺病科'] as const;

const NK = '中医内科';
const FK = '中医妇科';
const EK = '中医儿科';
const ZJ = '针灸推拿科';
const PF = '中医皮肤科';
const ZL = '中医肿瘤科';
const GS = '中医骨伤科';
const FB = '中医肺病科';

export const TRIAGE: readonly TriageRow[] = [
  // 汗、热、虚: 中医内科 sees them (亚健康调理, 更年期 by 妇科).
  { words: ['盗汗', '夜里出汗', '晚上出汗', '睡觉出汗', '出虚汗', '虚汗', '自汗', '爱出汗', '多汗', '出汗多', '手心出汗'], departments: [NK], means: ['亚健康调理'] },
  { words: ['口干', '口渴', '口苦', '嘴苦', '嘴干'], departments: [NK] },
  { words: ['上火', '容易上火', '虚火'], departments: [NK], means: ['亚健康调理'] },
  { words: ['心慌', '心悸', '心跳快', '心跳很快'], departments: [NK], missing: '心内科' },
  { words: ['胸痛', '胸口疼', '胸口痛'], departments: [NK], missing: '心内科或急诊' },
  { words: ['水肿', '浮肿', '腿肿', '脚肿', '脸肿'], departments: [NK], missing: '肾内科' },
  { words: ['尿频', '夜尿多', '起夜', '尿急', '小便多', '尿不尽'], departments: [NK], missing: '泌尿外科' },
  { words: ['阳痿', '早泄', '肾虚', '男科', '前列腺'], departments: [NK], missing: '男科' },
  { words: ['肥胖', '减肥', '太胖', '体重超标', '长胖'], departments: [NK], means: ['亚健康调理'] },
  { words: ['消瘦', '吃不胖', '太瘦'], departments: [NK], means: ['功能性消化不良'] },
  { words: ['记忆力差', '健忘', '记性差', '注意力不集中'], departments: [NK], means: ['亚健康调理'] },
  { words: ['胀气', '肚子胀气', '放屁多', '排气多'], departments: [NK], means: ['功能性消化不良', '肠易激综合征'] },
  { words: ['恶心', '想吐', '呕吐', '干呕'], departments: [NK], means: ['慢性胃炎', '功能性消化不良'] },
  { words: ['胃酸', '胃炎', '胃溃疡', '幽门螺杆菌'], departments: [NK], means: ['慢性胃炎'] },
  { words: ['结肠炎', '肠炎', '大便不成形', '便溏', '大便次数多'], departments: [NK], means: ['肠易激综合征'] },
  { words: ['大便', '大便困难', '大便不通'], departments: [NK], means: ['便秘'] },
  { words: ['太阳穴', '头一跳一跳', '脑袋疼'], departments: [NK, ZJ], means: ['头痛'] },
  { words: ['痔疮', '便血', '肛门疼'], departments: [NK], means: ['便秘'], missing: '肛肠科' },
  { words: ['脂肪肝', '肝不好', '转氨酶高'], departments: [NK], missing: '消化内科' },
  { words: ['血脂高', '胆固醇高', '高血脂'], departments: [NK], means: ['高血压病', '亚健康调理'] },
  { words: ['耳鸣', '耳朵嗡嗡响', '耳朵响'], departments: [NK, ZJ], means: ['眩晕'], missing: '耳鼻喉科' },
  { words: ['耳聋', '听力下降', '听不清'], departments: [ZJ], missing: '耳鼻喉科' },
  { words: ['口腔溃疡', '嘴里长泡', '口疮', '嘴巴溃疡', '舌头溃疡', '嘴里起泡'], departments: [NK], means: ['亚健康调理'], missing: '口腔科' },
  { words: ['牙疼', '牙痛', '牙龈出血', '牙龈肿', '蛀牙'], departments: [NK], missing: '口腔科' },
  { words: ['眼睛干', '眼干', '眼睛疼', '视力下降', '眼睛模糊', '眼睛酸'], departments: [NK, ZJ], missing: '眼科' },
  { words: ['甲状腺', '甲亢', '甲减', '甲状腺结节'], departments: [NK], missing: '内分泌科' },
  { words: ['手抖', '手发抖'], departments: [NK, ZJ], missing: '神经内科' },
  { words: ['面肌痉挛', '眼皮跳', '脸抽', '面部抽搐'], departments: [ZJ], means: ['面瘫'] },
  { words: ['三叉神经痛'], departments: [ZJ], means: ['头痛'] },
  { words: ['晕车', '犯晕', '站起来头晕'], departments: [NK], means: ['眩晕'] },
  { words: ['心情差', '不开心', '想哭', '情绪不好', '胡思乱想', '没兴趣'], departments: [NK], means: ['焦虑抑郁状态'] },
  { words: ['睡眠', '入睡', '入睡难', '醒好几次', '夜里醒', '睡不沉'], departments: [NK], means: ['失眠'] },
  { words: ['出汗', '汗多'], departments: [NK], means: ['亚健康调理'] },
  { words: ['累', '很累', '好累', '觉得累', '犯困', '没力气'], departments: [NK], means: ['亚健康调理'] },
  { words: ['暴躁', '发火', '易怒'], departments: [NK], means: ['焦虑抑郁状态'] },
  { words: ['湿气', '湿气重', '湿重', '祛湿'], departments: [NK], means: ['亚健康调理'] },
  { words: ['做噩梦', '噩梦', '睡眠浅', '睡得浅', '一点声音就醒', '容易醒'], departments: [NK], means: ['失眠'] },
  { words: ['打呼噜', '打鼾'], departments: [FB], missing: '耳鼻喉科' },

  // 妇科
  { words: ['白带多', '白带异常', '白带发黄', '阴道炎', '外阴痒', '妇科炎症', '盆腔炎'], departments: [FK], means: ['月经不调'] },
  { words: ['乳腺增生', '乳房胀痛', '乳房疼', '乳腺结节'], departments: [FK], means: ['月经不调'], missing: '乳腺外科' },
  { words: ['子宫肌瘤', '卵巢囊肿'], departments: [FK], means: ['月经不调'] },
  { words: ['流产', '胎停', '保胎', '习惯性流产', '试管'], departments: [FK], means: ['不孕不育'] },
  { words: ['怀孕', '要二胎', '要孩子', '生不出', '怀不了'], departments: [FK], means: ['不孕不育'] },
  { words: ['产后', '月子', '产后腰疼', '回奶', '奶水少', '下奶'], departments: [FK], means: ['产后调理'] },
  { words: ['绝经', '停经', '例假没了', '五十岁月经乱'], departments: [FK], means: ['更年期综合征', '月经不调'] },
  { words: ['月经', '例假', '大姨妈', '经期', '经血'], departments: [FK], means: ['月经不调', '痛经'] },

  // 儿科
  { words: ['小儿', '婴儿', '幼儿', '新生儿', '儿子', '女儿', '小朋友', '娃', '孩子们'], departments: [EK] },
  { words: ['尿床', '遗尿'], departments: [EK] },
  { words: ['长不高', '个子矮', '长个子'], departments: [EK], means: ['小儿厌食'] },
  { words: ['夜啼', '晚上哭闹', '夜里哭'], departments: [EK] },
  { words: ['手足口', '流口水'], departments: [EK], missing: '儿科（西医）' },

  // 骨伤、针灸
  { words: ['腿疼', '腿痛', '小腿抽筋', '抽筋', '腿抽筋'], departments: [GS, ZJ], means: ['腰椎间盘突出症', '骨质疏松'] },
  { words: ['脚后跟疼', '脚跟痛', '足跟痛', '脚底疼'], departments: [GS], means: ['运动损伤'] },
  { words: ['网球肘', '手腕疼', '手腕痛', '腱鞘炎', '妈妈手', '鼠标手'], departments: [GS, ZJ], means: ['运动损伤'] },
  { words: ['后背疼', '背疼', '背痛', '后背痛', '背部酸痛'], departments: [ZJ, GS], means: ['腰肌劳损', '颈椎病'] },
  { words: ['骨折', '骨裂'], departments: [GS], means: ['运动损伤'], missing: '骨科（急诊）' },
  { words: ['膝盖', '膝关节'], departments: [GS], means: ['膝骨关节炎'] },
  { words: ['骨质增生', '骨刺', '滑膜炎', '半月板'], departments: [GS], means: ['膝骨关节炎'] },
  { words: ['屁股疼', '尾骨疼', '臀部疼'], departments: [ZJ, GS], means: ['腰椎间盘突出症'] },
  { words: ['手脚麻', '脚麻', '手脚发麻', '发麻'], departments: [ZJ], means: ['颈椎病', '腰椎间盘突出症'] },
  { words: ['半边脸', '脸歪', '嘴巴歪'], departments: [ZJ], means: ['面瘫'] },
  { words: ['说话不清', '走路不稳', '脑出血'], departments: [ZJ], means: ['中风后遗症'] },
  { words: ['脊柱侧弯', '含胸'], departments: [ZJ, GS] },

  // 皮肤
  { words: ['皮肤干', '脱皮', '皮肤干燥'], departments: [PF], means: ['湿疹'] },
  { words: ['脚气', '灰指甲', '手癣', '足癣', '癣'], departments: [PF], means: ['湿疹'] },
  { words: ['疱疹', '带状疱疹', '蛇缠腰'], departments: [PF, ZJ], means: ['湿疹'], missing: '皮肤科（西医）' },
  { words: ['白发', '白头发', '少白头', '头发白'], departments: [PF], means: ['脱发'] },
  { words: ['头皮', '头皮痒', '头皮屑', '头油', '头皮油', '脂溢性皮炎'], departments: [PF], means: ['脱发', '湿疹'] },
  { words: ['毛孔粗大', '油皮', '满脸油', '脸上油'], departments: [PF], means: ['痤疮'] },
  { words: ['红血丝', '脸红', '皮炎', '过敏肌'], departments: [PF], means: ['湿疹'] },
  { words: ['雀斑', '晒斑', '老年斑', '脸色暗', '脸发黄', '皮肤暗黄'], departments: [PF], means: ['黄褐斑'] },

  // 肺病
  { words: ['痰多', '有痰', '老有痰', '吐痰'], departments: [FB], means: ['慢性咳嗽', '慢性咽炎'] },
  { words: ['嗓子哑', '声音嘶哑', '失声'], departments: [FB], means: ['慢性咽炎'] },
  { words: ['咽喉异物感', '嗓子有东西', '梅核气'], departments: [FB], means: ['慢性咽炎'] },
  { words: ['肺结节', '肺炎', '支气管炎', '气管炎'], departments: [FB], means: ['慢性咳嗽'] },
  { words: ['喘', '气短', '憋气', '呼吸困难'], departments: [FB], means: ['支气管哮喘', '慢阻肺'] },
  { words: ['鼻窦炎', '流黄鼻涕', '鼻子不通'], departments: [FB], means: ['过敏性鼻炎'] },
  { words: ['扁桃体发炎', '扁桃体'], departments: [FB, EK], means: ['慢性咽炎'] },

  // 肿瘤
  { words: ['癌', '肺癌', '胃癌', '肝癌', '乳腺癌', '肠癌', '结节', '包块', '肿块'], departments: [ZL], means: ['肿瘤调理'] },
  { words: ['术后恢复', '术后调理', '开刀后'], departments: [ZL], means: ['术后康复'] },
  { words: ['靶向药', '化疗反应', '放疗反应', '白细胞低'], departments: [ZL], means: ['放化疗后调理'] },
];

/** Every triage word and its row. */
export const TRIAGE_BY_WORD: ReadonlyMap<string, TriageRow> = new Map(TRIAGE.flatMap((row) => row.words.map((w) => [w, row] as const)));

/**
 * What each department's doctors list (擅长), as the triage reads it: a medical word found in a phrase leads
 * to its departments too. lay-terms.test.ts holds it equal to the catalogue (seed/clinics-doctors-data.ts).
 */
export const DEPARTMENT_SPECIALTIES: Readonly<Record<(typeof GROUP_DEPARTMENTS)[number], readonly string[]>> = {
  中医内科: ['慢性胃炎', '功能性消化不良', '肠易激综合征', '便秘', '失眠', '焦虑抑郁状态', '头痛', '眩晕', '高血压病', '2型糖尿病', '亚健康调理'],
  中医妇科: ['月经不调', '痛经', '多囊卵巢综合征', '更年期综合征', '不孕不育', '产后调理'],
  中医儿科: ['小儿发热', '小儿厌食', '小儿反复呼吸道感染', '小儿咳嗽', '小儿推拿', '小儿湿疹'],
  针灸推拿科: ['颈椎病', '腰椎间盘突出症', '面瘫', '中风后遗症', '肩周炎', '头痛'],
  中医皮肤科: ['痤疮', '湿疹', '荨麻疹', '银屑病', '脱发', '黄褐斑'],
  中医肿瘤科: ['肿瘤调理', '放化疗后调理', '术后康复'],
  中医骨伤科: ['膝骨关节炎', '风湿痹症', '运动损伤', '骨质疏松', '腰肌劳损'],
  中医肺病科: ['过敏性鼻炎', '慢性咳嗽', '支气管哮喘', '慢阻肺', '慢性咽炎'],
};

/** A child's version of an adult's complaint (SPEC: 中医儿科 sees children): 咳嗽 in 孩子咳嗽 is 小儿咳嗽. */
export const PEDIATRIC_OF: Readonly<Record<string, string>> = {
  慢性咳嗽: '小儿咳嗽',
  支气管哮喘: '小儿咳嗽',
  慢性咽炎: '小儿反复呼吸道感染',
  过敏性鼻炎: '小儿反复呼吸道感染',
  湿疹: '小儿湿疹',
  荨麻疹: '小儿湿疹',
  慢性胃炎: '小儿厌食',
  功能性消化不良: '小儿厌食',
  便秘: '小儿厌食',
  亚健康调理: '小儿反复呼吸道感染',
};

/** Words that say the patient is a child. */
export const CHILD_WORDS = ['小孩子', '小孩', '孩子', '宝宝', '儿童', '小儿', '婴儿', '幼儿', '新生儿', '儿子', '女儿', '小朋友', '娃娃', '娃', '小宝'] as const;

/**
 * The last resort of a phrase in which no word of the index was found: a character that names a part of the
 * body or a sign (分诊 by 部位, as a triage nurse asks "哪里不舒服"), and the department that sees it. 腰 in
 * 腰那里一直酸 leads to 针灸推拿科 and 中医骨伤科; 痒 to 中医皮肤科. Read only when nothing longer matched.
 */
export const BODY_PARTS: Readonly<Record<string, TriageRow>> = {
  胃: { words: ['胃'], departments: [NK], means: ['慢性胃炎', '功能性消化不良'] },
  肠: { words: ['肠'], departments: [NK], means: ['肠易激综合征'] },
  肚: { words: ['肚'], departments: [NK], means: ['功能性消化不良', '肠易激综合征'] },
  腹: { words: ['腹'], departments: [NK], means: ['功能性消化不良', '肠易激综合征'] },
  便: { words: ['便'], departments: [NK], means: ['便秘', '肠易激综合征'] },
  睡: { words: ['睡'], departments: [NK], means: ['失眠'] },
  眠: { words: ['眠'], departments: [NK], means: ['失眠'] },
  梦: { words: ['梦'], departments: [NK], means: ['失眠'] },
  醒: { words: ['醒'], departments: [NK], means: ['失眠'] },
  汗: { words: ['汗'], departments: [NK], means: ['亚健康调理'] },
  累: { words: ['累'], departments: [NK], means: ['亚健康调理'] },
  虚: { words: ['虚'], departments: [NK], means: ['亚健康调理'] },
  晕: { words: ['晕'], departments: [NK, ZJ], means: ['眩晕'] },
  头: { words: ['头'], departments: [NK, ZJ], means: ['头痛', '眩晕'] },
  心: { words: ['心'], departments: [NK], means: ['焦虑抑郁状态'] },
  尿: { words: ['尿'], departments: [NK], missing: '泌尿外科' },
  牙: { words: ['牙'], departments: [NK], missing: '口腔科' },
  眼: { words: ['眼'], departments: [NK, ZJ], missing: '眼科' },
  耳: { words: ['耳'], departments: [NK, ZJ], missing: '耳鼻喉科' },
  经: { words: ['经'], departments: [FK], means: ['月经不调', '痛经'] },
  孕: { words: ['孕'], departments: [FK], means: ['不孕不育'] },
  乳: { words: ['乳'], departments: [FK], means: ['月经不调'] },
  宫: { words: ['宫'], departments: [FK], means: ['月经不调'] },
  颈: { words: ['颈'], departments: [ZJ], means: ['颈椎病'] },
  脖: { words: ['脖'], departments: [ZJ], means: ['颈椎病'] },
  肩: { words: ['肩'], departments: [ZJ], means: ['肩周炎'] },
  腰: { words: ['腰'], departments: [ZJ, GS], means: ['腰椎间盘突出症', '腰肌劳损'] },
  背: { words: ['背'], departments: [ZJ, GS], means: ['腰肌劳损', '颈椎病'] },
  麻: { words: ['麻'], departments: [ZJ], means: ['颈椎病', '腰椎间盘突出症'] },
  膝: { words: ['膝'], departments: [GS], means: ['膝骨关节炎'] },
  腿: { words: ['腿'], departments: [GS, ZJ], means: ['腰椎间盘突出症', '膝骨关节炎'] },
  脚: { words: ['脚'], departments: [GS], means: ['运动损伤'] },
  踝: { words: ['踝'], departments: [GS], means: ['运动损伤'] },
  骨: { words: ['骨'], departments: [GS], means: ['骨质疏松'] },
  关: { words: ['关'], departments: [GS], means: ['膝骨关节炎', '风湿痹症'] },
  痒: { words: ['痒'], departments: [PF], means: ['湿疹', '荨麻疹'] },
  疹: { words: ['疹'], departments: [PF], means: ['湿疹', '荨麻疹'] },
  痘: { words: ['痘'], departments: [PF], means: ['痤疮'] },
  斑: { words: ['斑'], departments: [PF], means: ['黄褐斑'] },
  皮: { words: ['皮'], departments: [PF], means: ['湿疹'] },
  鼻: { words: ['鼻'], departments: [FB], means: ['过敏性鼻炎'] },
  咳: { words: ['咳'], departments: [FB], means: ['慢性咳嗽'] },
  痰: { words: ['痰'], departments: [FB], means: ['慢性咳嗽', '慢性咽炎'] },
  喘: { words: ['喘'], departments: [FB], means: ['支气管哮喘', '慢阻肺'] },
  肺: { words: ['肺'], departments: [FB], means: ['慢性咳嗽'] },
  嗓: { words: ['嗓'], departments: [FB], means: ['慢性咽炎'] },
  喉: { words: ['喉'], departments: [FB], means: ['慢性咽炎'] },
  咽: { words: ['咽'], departments: [FB], means: ['慢性咽炎'] },
  癌: { words: ['癌'], departments: [ZL], means: ['肿瘤调理'] },
  瘤: { words: ['瘤'], departments: [ZL], means: ['肿瘤调理'] },
};
