/**
 * Demo content of the online services and key specialties (docs/content.md): provinces,
 * 56 clinics (47 in Yunnan), staffed as seed/staffing.ts plans, each doctor with a weekly roster (seed/roster.ts), evaluations,
 * online questions, studios, specials, illnesses. Deterministic (seeded PRNG),
 * dates relative to settings.now() so lists always look recent.
 */
import { registrationFeeOfTitle } from '@/lib/fees';
import { refreshDoctorSatisfaction } from '../handlers/evaluations';
import type { Database, Seeder } from '../types';
import {
  CLINICS,
  DISEASE_TYPES,
  EVALUATION_TAGS,
  doctorName,
  ILLNESSES,
  INSURANCE,
  PROVINCES,
  SALE_TYPES,
  SHIFTS,
  SPECIAL_CLASSES,
  SPECIALTY_TYPES,
  SURNAMES,
  TITLES,
} from './clinics-doctors-data';
import { doctorBio, doctorWords } from './doctor-words';

import { seededRandom, type Rng } from './random';
import { weeklyRoster } from './roster';
import { clinicStaffing, clinicTier, placementOf, STAFFING } from './staffing';

export { seededRandom, type Rng };

const daysAgo = (now: Date, days: number, minutes = 0) =>
  new Date(now.getTime() - days * 86_400_000 - minutes * 60_000).toISOString();

export const ENVIRONMENT_IMAGES: [file: string, title: string][] = [
  ['env-exterior', '门诊外景'],
  ['env-lobby', '导诊大厅'],
  ['env-consult', '诊室'],
  ['env-pharmacy', '中药房'],
  ['env-therapy', '理疗区'],
  ['env-decoction', '煎药中心'],
];

export const DOCTOR_CODE_BASE = 100000;
export const DOCTOR_ID_BASE = 1000;

/** The appointment code of the n-th doctor (1-based): D100001... */
export const doctorCode = (n: number) => `D${DOCTOR_CODE_BASE + n}`;

interface DoctorRow {
  doctorId: number;
  code: string;
  orgCode: string;
  department: string;
  title: string;
  online: boolean;
  specialties: string[];
}

/**
 * Inserts `count` generated doctors spread over the clinics, with weekly schedule
 * patterns. The bench (bench/doctor-list-scale.ts) reuses it for 100k doctors.
 */
export function insertDoctors(
  db: Database,
  rng: Rng,
  count: number,
  { withAvatars = true, startAt = 1 }: { withAvatars?: boolean; startAt?: number } = {},
): DoctorRow[] {
  const insert = db.prepare(`INSERT INTO doctors (doctor_id, appointment_code, name, title, org_code, province_id,
    department, specialties, intro, avatar, praise_rate, service_count, fans, consult_online, consult_fee,
    register_fee, sort) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
  const pattern = db.prepare('INSERT INTO schedule_patterns (doctor_id, org_code, weekday, shift_id, total) VALUES (?,?,?,?,?)');
  const rows: DoctorRow[] = [];
  for (let n = startAt; n < startAt + count; n++) {
    // Where the doctor sits: the staffing plan of seed/staffing.ts (clinics differ in size and departments).
    const { clinic, department: dept } = placementOf(n);
    const name = doctorName(n);
    const titleRoll = rng.next();
    const title = titleRoll < 0.3 ? TITLES[0] : titleRoll < 0.6 ? TITLES[1] : titleRoll < 0.9 ? TITLES[2] : TITLES[3];
    const specialties = [...dept.specialties].sort(() => rng.next() - 0.5).slice(0, 3);
    const years = title === '主任医师' ? rng.int(25, 40) : title === '副主任医师' ? rng.int(15, 25) : rng.int(5, 15);
    const code = doctorCode(n);
    const doctorId = DOCTOR_ID_BASE + n;
    // The first five consult online whatever the draw: the README and tests show them online.
    const online = rng.next() < 0.55 || n <= 5;
    const intro = doctorBio({ code, title, department: dept.name, specialties, years });
    insert.run(
      doctorId,
      code,
      name,
      title,
      clinic.code,
      clinic.provinceId,
      dept.name,
      specialties.join(','),
      intro,
      withAvatars ? `/images/doctors/${code}.svg` : '/images/doctors/default.svg',
      Math.round((85 + rng.next() * 15) * 10) / 10,
      rng.int(80, 20000),
      rng.int(10, 6000),
      online ? 1 : 0,
      online ? rng.pick([20, 30, 50, 80]) : 0,
      // The fee of the title, from the one table (lib/fees.ts).
      registrationFeeOfTitle(title),
      n,
    );
    // Three to six half-days a week at the clinic (seed/roster.ts).
    for (const h of weeklyRoster(n, { title, tier: clinicTier(clinic) })) pattern.run(doctorId, clinic.code, h.weekday, h.shiftId, h.total);
    rows.push({ doctorId, code, orgCode: clinic.code, department: dept.name, title, online, specialties });
  }
  return rows;
}

/** Every seat of the staffing plan (seed/staffing.ts). */
export const DEMO_DOCTOR_COUNT = STAFFING.length;

export const seedClinicsDoctors: Seeder = (db, settings) => {
  const now = settings.now();
  const rng = seededRandom(20170111);

  const provinces = db.prepare('INSERT INTO provinces (province_id, name, sort) VALUES (?,?,?)');
  PROVINCES.forEach(([id, name], i) => provinces.run(id, name, i));
  const saleTypes = db.prepare('INSERT INTO sale_types (sale_type_id, name) VALUES (?,?)');
  for (const [id, name] of SALE_TYPES) saleTypes.run(id, name);
  const shifts = db.prepare('INSERT INTO shifts (shift_id, name, start_time, end_time) VALUES (?,?,?,?)');
  for (const row of SHIFTS) shifts.run(...row);
  const insurance = db.prepare('INSERT INTO medical_insurance (insurance_id, name, remark) VALUES (?,?,?)');
  for (const row of INSURANCE) insurance.run(...row);

  const org = db.prepare(`INSERT INTO orgs (code, name, province_id, city, address, phone, hours, lat, lng, image,
    intro, traffic, sale_type_id, collect_count, sort) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
  const orgImage = db.prepare('INSERT INTO org_images (org_code, url, title, sort) VALUES (?,?,?,?)');
  const orgInsurance = db.prepare('INSERT INTO org_insurance (org_code, insurance_id) VALUES (?,?)');
  CLINICS.forEach((c, i) => {
    const intro =
      `${c.name}位于${c.address}，是圣爱中医在${c.city}设立的${SALE_TYPES.find(([id]) => id === c.saleType)![1]}。` +
      `门诊设有${clinicStaffing(c).map((s) => s.department).join('、')}，配备标准化中药房与智能煎药中心，` +
      '由集团统一质控药材来源，坚持名医坐诊、预约诊疗、药品配送到家。';
    org.run(c.code, c.name, c.provinceId, c.city, c.address, c.phone, c.hours, c.lat, c.lng,
      `/images/clinics/${c.code}.svg`, intro, c.traffic, c.saleType, rng.int(20, 800), i);
    ENVIRONMENT_IMAGES.forEach(([file, title], j) => orgImage.run(c.code, `/images/clinics/${file}.svg`, title, j));
    orgInsurance.run(c.code, 1);
    orgInsurance.run(c.code, 2);
    if (c.provinceId === 215) orgInsurance.run(c.code, 3);
    if (i % 3 === 0) orgInsurance.run(c.code, 4);
  });

  const doctors = insertDoctors(db, rng, DEMO_DOCTOR_COUNT);

  // Evaluations: satisfaction 1–3, manual 0 / system 1, with and without content (SPEC §9).
  const evaluation = db.prepare(`INSERT INTO evaluations (doctor_id, org_code, member_name, satisfaction, eval_type,
    has_content, content, tags, source, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)`);
  const memberName = () => `${rng.pick(SURNAMES)}**`;
  // Reviews, questions and answers are written per doctor (seed/doctor-words.ts): none twice on a doctor.
  const words = doctorWords(db);
  const addEvaluation = (doctorId: number | null, orgCode: string, source: 0 | 1) => {
    const roll = rng.next();
    const satisfaction = (roll < 0.72 ? 1 : roll < 0.9 ? 2 : 3) as 1 | 2 | 3;
    const evalType = rng.next() < 0.75 ? 0 : 1;
    // A system evaluation is the automatic "good" given when a patient does not rate.
    const hasContent = evalType === 0 && rng.next() < 0.8 ? 1 : 0;
    const content = !hasContent ? '' : doctorId === null ? words.clinicReview(orgCode, satisfaction) : words.review(doctorId, satisfaction);
    const tags = satisfaction === 1 ? [rng.pick(EVALUATION_TAGS), rng.pick(EVALUATION_TAGS)].filter((t, i, a) => a.indexOf(t) === i).join(',') : '';
    evaluation.run(doctorId, orgCode, memberName(), evalType === 1 ? 1 : satisfaction, evalType, hasContent,
      content, tags, source, daysAgo(now, rng.int(0, 180), rng.int(0, 1400)));
  };
  for (const d of doctors) {
    const count = rng.int(10, 16);
    for (let i = 0; i < count; i++) addEvaluation(d.doctorId, d.orgCode, 0);
    // Make sure every doctor has at least one dissatisfied, contentful evaluation to filter by.
    evaluation.run(d.doctorId, d.orgCode, memberName(), 3, 0, 1, words.review(d.doctorId, 3), '', 0,
      daysAgo(now, rng.int(5, 120)));
    if (d.online) for (let i = 0, c = rng.int(4, 8); i < c; i++) addEvaluation(d.doctorId, d.orgCode, 1);
  }
  // Each doctor's PraiseRate is their 满意度, counted from the evaluations just written (one figure everywhere).
  refreshDoctorSatisfaction(db);
  for (const c of CLINICS) for (let i = 0; i < 5; i++) addEvaluation(null, c.code, 0);

  // Online questions (public 0 / private 1, replied 1 / not 0), each about an illness the doctor treats.
  words.insertQuestions(doctors, now);

  // Studios (famous doctors), one per senior doctor of the first departments.
  const classes = db.prepare('INSERT INTO special_classes (class_code, name, sort) VALUES (?,?,?)');
  SPECIAL_CLASSES.forEach(([code, name], i) => classes.run(code, name, i));
  const classOf: Record<string, string> = {
    中医内科: 'NK', 中医肺病科: 'NK', 中医妇科: 'FK', 中医儿科: 'FK', 针灸推拿科: 'ZJ', 中医骨伤科: 'ZJ',
    中医皮肤科: 'PF', 中医肿瘤科: 'ZL',
  };
  const studio = db.prepare('INSERT INTO studios (studio_id, name, class_code, doctor_id, intro, image, sort) VALUES (?,?,?,?,?,?,?)');
  const special = db.prepare(`INSERT INTO specials (studio_id, doctor_id, special_type, title, summary, body, image,
    created_at) VALUES (?,?,?,?,?,?,?,?)`);
  const doctorName = db.prepare('SELECT name FROM doctors WHERE doctor_id = ?');
  const seniors = doctors.filter((d) => d.title === '主任医师').slice(0, 14);
  seniors.forEach((d, i) => {
    const { name } = doctorName.get(d.doctorId) as { name: string };
    const studioId = i + 1;
    studio.run(studioId, `${name}名医工作室`, classOf[d.department] ?? 'NK', d.doctorId,
      `${name}名医工作室由${d.title}${name}领衔，依托${d.department}，开展临床诊疗、经验传承与青年医师带教，` +
      '定期举办义诊与健康讲座，整理名老中医学术经验。', `/images/doctors/${d.code}.svg`, i);
    const results = [
      [1, `${name}工作室：${d.department}经验方临床观察总结`, '工作室整理近三年门诊病例，总结经验方的应用规律与疗效。'],
      [1, `${name}工作室带教成果：青年医师跟师结业`, '本年度三名青年医师完成跟师学习并通过考核。'],
      [2, `${name}工作室走进社区开展义诊`, '工作室团队走进社区，为居民提供免费问诊与健康咨询。'],
      [2, `${name}工作室举办冬病夏治健康讲座`, '讲座介绍三伏贴的原理、适宜人群与注意事项。'],
      [2, `${name}工作室参加省中医药学术年会`, '工作室成员在年会上交流临床经验。'],
      [3, `专题：${d.department}四季养生指南`, '根据四时节气，介绍饮食、起居与情志调养要点。'],
    ] as const;
    results.forEach(([type, title, summary], j) => {
      const body = `<p>${summary}</p><p>圣爱中医始终坚持传承精华、守正创新，${name}工作室将继续以临床疗效为核心，` +
        '推动中医药服务惠及更多群众。</p><h2>活动要点</h2><ul><li>辨证施治，因人制宜</li><li>医患沟通，全程随访</li>' +
        '<li>经验整理，学术传承</li></ul>';
      special.run(studioId, d.doctorId, type, title, summary, body, `/images/clinics/env-consult.svg`,
        daysAgo(now, 3 + i * 2 + j * 9));
    });
  });

  const diseaseTypes = db.prepare('INSERT INTO disease_types (type_id, name, sort) VALUES (?,?,?)');
  DISEASE_TYPES.forEach(([id, name], i) => diseaseTypes.run(id, name, i));
  const specialtyTypes = db.prepare('INSERT INTO specialty_types (type_id, name, sort) VALUES (?,?,?)');
  SPECIALTY_TYPES.forEach(([id, name], i) => specialtyTypes.run(id, name, i));
  const illness = db.prepare(`INSERT INTO illnesses (name, specialty_type_id, disease_type_id, org_code, summary,
    symptoms, treatment, praise_rate, service_count, sort) VALUES (?,?,?,?,?,?,?,?,?,?)`);
  let sort = 0;
  ILLNESSES.forEach(([name, diseaseType, summary, symptoms, treatment], i) => {
    // An illness is offered where a doctor treats it (擅长), so its page lists doctors who do.
    const treating = [...new Set(doctors.filter((d) => d.specialties.includes(name)).map((d) => d.orgCode))];
    const clinicsOffering = [0, 1, 2].map((k) => treating[(i * 5 + k * 7) % treating.length]).filter((c, k, a): c is string => Boolean(c) && a.indexOf(c) === k);
    for (const code of clinicsOffering) {
      illness.run(name, (i % 3) + 1, diseaseType, code, summary, symptoms, treatment,
        Math.round((88 + rng.next() * 12) * 10) / 10, rng.int(50, 9000), sort++);
    }
  });
};
