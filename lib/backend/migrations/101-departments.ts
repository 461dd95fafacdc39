import type { Migration } from '../types';

/**
 * Departments (科室) as pages of their own (docs/doctor-finder.md "Department pages"): what each treats, in a
 * patient's words, and its order. The doctors, clinics and illnesses of a department are counted from the
 * doctors table when asked (handlers/departments.ts), so they always agree with the lists. Editors change
 * the text with SQL; a department a doctor sits in but missing here has no page.
 */
const DEPARTMENTS: [name: string, intro: string][] = [
  [
    '中医内科',
    '中医内科是圣爱中医每家门诊都设有的科室，诊治胃痛胃胀、便秘、失眠、焦虑抑郁、头痛眩晕，以及高血压、糖尿病等慢性病，也为疲劳乏力的亚健康人群做体质调理。医生望闻问切、辨证论治，以中药汤剂为主，配合针灸、膏方与饮食起居指导。不知道该挂哪个科时，可以先看中医内科。',
  ],
  [
    '中医妇科',
    '中医妇科关注女性各年龄段的健康：月经不调、痛经、多囊卵巢综合征、备孕与不孕不育、产后调理和更年期综合征。医生按月经周期分期调理，重视补肾、调肝、健脾。初诊时请带上既往的B超和激素检查结果，经期也可以就诊。',
  ],
  [
    '中医儿科',
    '中医儿科为婴幼儿和儿童诊治发热、咳嗽、厌食、反复感冒和湿疹等常见病，开展小儿推拿、捏脊等外治法，用药讲究量小、口感易于接受。孩子高热不退、精神差、抽搐，或三个月以下的婴儿发热，请立即到医院急诊。',
  ],
  [
    '针灸推拿科',
    '针灸推拿科用针刺、艾灸、推拿、拔罐等方法，治疗颈椎病、腰椎间盘突出症、肩周炎、面瘫、中风后遗症和头痛，多需按疗程连续治疗。初诊时请带上近期的影像检查结果，治疗当天不宜空腹或过饱。',
  ],
  [
    '中医皮肤科',
    '中医皮肤科诊治痤疮、湿疹、荨麻疹、银屑病、脱发和黄褐斑，内服与外治结合，重视饮食与作息调护。皮疹迅速扩大、伴发热，或出现喉头发紧、呼吸不畅时，请立即到医院就诊。',
  ],
  [
    '中医肿瘤科',
    '中医肿瘤科在专科医院规范治疗的基础上，为肿瘤患者做中医调理：减轻放化疗后的乏力、恶心，帮助术后康复，改善食欲与睡眠。就诊时请带上治疗方案和近期检查结果，中药方案会随复查情况调整。',
  ],
  [
    '中医骨伤科',
    '中医骨伤科诊治膝骨关节炎、风湿痹症、运动损伤、骨质疏松和腰肌劳损，采用中药内服外敷、熏洗、理疗，并指导功能锻炼。急性外伤后肿痛明显或不能负重时，请先拍片排除骨折。',
  ],
  [
    '中医肺病科',
    '中医肺病科诊治过敏性鼻炎、慢性咳嗽、支气管哮喘、慢阻肺和慢性咽炎，开展三伏贴、穴位敷贴等冬病夏治项目。喘憋加重、口唇发紫时请立即就医，正在使用的吸入药物不要自行停用。',
  ],
];

export const departmentsMigration: Migration = {
  id: '101-departments',
  sql: `
CREATE TABLE departments (
  name TEXT PRIMARY KEY,
  intro TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
INSERT INTO departments (name, intro, sort) VALUES
  ${DEPARTMENTS.map(([name, intro], i) => `('${name}', '${intro}', ${i + 1})`).join(',\n  ')};
CREATE INDEX doctors_department ON doctors (department, org_code);
`,
};
