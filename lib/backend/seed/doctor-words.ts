/**
 * A doctor's words, written per doctor from the doctor's own facts (docs/content.md "Doctors' words"): the bio,
 * the questions patients asked them and their answers, and patients' reviews. They hold for any number of doctors
 * at a clinic or in a department (seed/clinics-doctors.ts decides those): each doctor draws from a generator seeded
 * by their own code, questions are about an illness the doctor treats (擅长), no text is written twice on a doctor,
 * and question titles are not repeated across the site while the combinations of an illness last.
 */
import type { Database } from '../types';
import { SURNAMES } from './clinics-doctors-data';
import {
  ASK_LEADS,
  ASKS,
  CLINIC_REVIEWS,
  COMMON_QUOTES,
  DURATIONS,
  FOCUS,
  FURTHER_TRAINING,
  MAJORS,
  METHODS,
  QUESTION_TOPICS,
  QUOTES,
  REPLY_CLOSINGS,
  REPLY_OPENINGS,
  REVIEW_CLOSERS,
  REVIEW_COMPLAINTS,
  REVIEW_CONTEXTS,
  REVIEW_MIXED_BUT,
  REVIEW_MIXED_GOOD,
  REVIEW_OUTCOMES,
  REVIEW_PRAISES,
  ROLES,
  SCHOOLS,
  type AskKind,
  type QuestionTopic,
} from './doctor-words-data';
import { seededRandom, seedOf } from './random';

/** A stream of its own per text (lib/backend/seed/random.ts), so a doctor's words do not depend on what was drawn before. */
function wordRandom(seedText: string) {
  return seededRandom(seedOf(seedText));
}
type WordRandom = ReturnType<typeof wordRandom>;

/** What a bio is written from. */
export interface DoctorFacts {
  code: string;
  title: string;
  department: string;
  specialties: readonly string[];
  /** Years in clinical work. */
  years: number;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/**
 * The doctor's bio: training, years, what they treat and how, and a sentence in their own voice. It never names
 * the doctor (the page's heading and description do that once).
 */
export function doctorBio(f: DoctorFacts): string {
  const r = wordRandom(`bio:${f.code}`);
  const d = f.department;
  const school = r.pick(SCHOOLS);
  const major = r.pick(MAJORS[d] ?? ['中医学']);
  const senior = f.title === '主任医师' || f.title === '副主任医师';
  const degree = senior ? r.pick(['', '', '医学硕士，']) : r.pick(['医学硕士，', '医学硕士，', '']);
  const ward = r.pick(FURTHER_TRAINING[d] ?? ['中医科']);
  const [m1, m2] = r.shuffle(METHODS[d] ?? ['中药内服', '针灸']);
  const focusOn = f.specialties.length ? r.pick(f.specialties) : d;
  const focus = fill(r.pick(FOCUS), { s: focusOn });
  const role = fill(r.pick(ROLES), { d: d.replace(/^中医/, '') });
  const quote = r.pick([...(QUOTES[d] ?? []), ...COMMON_QUOTES]);
  const treats = f.specialties.length ? `擅长${f.specialties.join('、')}的中医诊治` : `从事${d}常见病的诊治`;
  const training = r.pick([
    `曾在省级三甲中医医院${ward}进修一年`,
    `曾跟随名老中医侍诊三年，整理老师的临证经验`,
    senior ? `曾在省级三甲中医医院${ward}进修半年` : '完成住院医师规范化培训后到门诊工作',
  ]);
  const voice = r.pick(['常对患者说', '门诊上常说的一句话是', '谈到看病，说']);
  const closing = `${voice}：“${quote}”`;
  const roleLine = role ? `现任${role}。` : '';
  switch (r.int(0, 2)) {
    case 0:
      return `${f.title}，${degree}毕业于${school}${major}专业，从事${d}临床工作${f.years}年。${training}。${treats}，${focus}；临床善用${m1}，常配合${m2}。${roleLine}${closing}`;
    case 1:
      return `${school}${major}专业毕业，${degree}${f.title}。在${d}门诊工作${f.years}年，${training}。${treats}，诊疗中重视${m1}与${m2}，${focus}。${roleLine}${closing}`;
    default:
      return `从医${f.years}年的${f.title}，${treats}。${degree}毕业于${school}，${training}。${focus}，常用${m1}，必要时加用${m2}。${roleLine}${closing}`;
  }
}

/** A topic for a 擅长 the data has no words for (a department may add one): plain, general, still careful. */
function plainTopic(name: string): QuestionTopic {
  return {
    complaints: [`确诊${name}`, `${name}反复`, `怀疑是${name}`],
    people: ['', '家里老人，', '四十岁，'],
    histories: ['在医院看过', '吃过一些药', '还没做过检查'],
    answers: {
      tcm: `${name}可以在明确诊断的基础上配合中医调理，具体要面诊辨证后决定。`,
      checks: `建议先到医院明确诊断，把检查结果带来，方便判断${name}的情况。`,
      life: '规律作息、饮食清淡、适度运动，对恢复都有帮助。',
      course: '调理时间因人而异，一般以一到三个月为一个阶段评估。',
      alarm: '症状突然加重或出现新的不适，请及时到医院就诊。',
    },
  };
}

const topicOf = (specialty: string) => QUESTION_TOPICS[specialty] ?? plainTopic(specialty);
const ASK_KINDS = Object.keys(ASKS) as AskKind[];
/** A complaint that already says how long, or says what the patient wants, takes no duration after it. */
const takesNoDuration = (complaint: string) => /[一二两三四五六七八九十\d]+个?多?(月|年|天|周)|想/.test(complaint);

interface Combo {
  complaint: string;
  person: string;
  duration: string;
  ask: AskKind;
  phrase: string;
  title: string;
}

/** Every way one 擅长 can be asked about, in a fixed shuffled order (no two with the same title). */
function combosOf(specialty: string): Combo[] {
  const t = topicOf(specialty);
  const seen = new Set<string>();
  const all: Combo[] = [];
  for (const complaint of t.complaints) {
    for (const person of t.people) {
      for (const duration of takesNoDuration(complaint) ? [''] : (t.durations ?? DURATIONS)) {
        for (const ask of ASK_KINDS) {
          for (const phrase of ASKS[ask]) {
            const title = `${person}${complaint}${duration}，${phrase}？`;
            if (seen.has(title)) continue;
            seen.add(title);
            all.push({ complaint, person, duration, ask, phrase, title });
          }
        }
      }
    }
  }
  return wordRandom(`combos:${specialty}`).shuffle(all);
}

export interface SeededDoctor {
  doctorId: number;
  code: string;
  online: boolean;
}

const daysAgo = (now: Date, days: number, minutes = 0) => new Date(now.getTime() - days * 86_400_000 - minutes * 60_000).toISOString();

/**
 * The words of every doctor of one seeding: reviews on demand (each distinct on its doctor), and the questions
 * with their answers. The doctor's own facts are read from the doctors table.
 */
export function doctorWords(db: Database) {
  const factsOf = db.prepare('SELECT doctor_id, appointment_code, name, department, specialties FROM doctors WHERE doctor_id = ?');
  type Row = { doctor_id: number; appointment_code: string; name: string; department: string; specialties: string };
  const doctors = new Map<number, { row: Row; specialties: string[]; r: WordRandom; reviews: Set<string> }>();
  const doctor = (id: number) => {
    let d = doctors.get(id);
    if (!d) {
      const row = factsOf.get(id) as Row | undefined;
      if (!row) throw new Error(`seed: no doctor ${id} to write words for`);
      d = { row, specialties: row.specialties.split(',').filter(Boolean), r: wordRandom(`words:${row.appointment_code}`), reviews: new Set() };
      doctors.set(id, d);
    }
    return d;
  };
  const clinicReviews = new Map<string, Set<string>>();

  /** A text from `make` not yet used in `used` (a few tries; a longer text is always new). */
  const distinct = (used: Set<string>, make: (attempt: number) => string) => {
    for (let attempt = 0; attempt < 60; attempt++) {
      const text = make(attempt);
      if (!used.has(text)) {
        used.add(text);
        return text;
      }
    }
    throw new Error('seed: ran out of distinct words');
  };

  function review(doctorId: number, satisfaction: 1 | 2 | 3): string {
    const d = doctor(doctorId);
    const { r } = d;
    const sur = d.row.name.slice(0, 1);
    const contexts = REVIEW_CONTEXTS[d.row.department] ?? ['第一次来', '复诊'];
    return distinct(d.reviews, (attempt) => {
      const context = r.next() < 0.5 || attempt > 20 ? r.pick(contexts) : '';
      if (satisfaction === 3) {
        const [complaint, wishes] = r.pick(REVIEW_COMPLAINTS);
        return `${[context, complaint, r.pick(wishes)].filter(Boolean).join('，')}。`;
      }
      if (satisfaction === 2) return `${[context, r.pick(REVIEW_MIXED_GOOD), r.pick(REVIEW_MIXED_BUT)].filter(Boolean).join('，')}。`;
      const specialty = d.specialties.length ? r.pick(d.specialties) : '';
      const outcome = specialty && r.next() < 0.75 ? r.pick(REVIEW_OUTCOMES[specialty] ?? ['']) : '';
      const praise = fill(r.pick(REVIEW_PRAISES), { sur });
      const closer = r.next() < 0.6 || attempt > 20 ? r.pick(REVIEW_CLOSERS) : '';
      return `${[context, praise, outcome, closer].filter(Boolean).join('，')}。`;
    });
  }

  function clinicReview(orgCode: string, satisfaction: 1 | 2 | 3): string {
    const used = clinicReviews.get(orgCode) ?? new Set<string>();
    clinicReviews.set(orgCode, used);
    const r = wordRandom(`clinic:${orgCode}:${used.size}`);
    return distinct(used, () => {
      if (satisfaction === 3) {
        const [complaint, wishes] = r.pick(REVIEW_COMPLAINTS);
        return `${[complaint, r.pick(wishes)].filter(Boolean).join('，')}。`;
      }
      if (satisfaction === 2) return `${r.pick(REVIEW_MIXED_GOOD)}，${r.pick(REVIEW_MIXED_BUT)}。`;
      const [a, b] = r.shuffle(CLINIC_REVIEWS);
      return r.next() < 0.5 ? `${a}。` : `${a}，${b}。`;
    });
  }

  /**
   * Questions and answers for every doctor: online consultants 4–8, the others 2–4, the first two of each public
   * and answered; each about one of the doctor's 擅长, titles unused elsewhere while the illness has combinations left.
   */
  function insertQuestions(list: readonly SeededDoctor[], now: Date) {
    const insert = db.prepare(`INSERT INTO questions (code, doctor_id, asker, title, content, is_private, is_replied,
      reply, views, created_at, replied_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)`);
    const usedTitles = new Set<string>();
    const pools = new Map<string, { combos: Combo[]; at: number }>();
    const nextCombo = (specialty: string, mine: Set<string>) => {
      let pool = pools.get(specialty);
      if (!pool) pools.set(specialty, (pool = { combos: combosOf(specialty), at: 0 }));
      // The next combination no one asked yet; when an illness runs out, any this doctor has not been asked.
      for (; pool.at < pool.combos.length; pool.at++) {
        const c = pool.combos[pool.at]!;
        if (!usedTitles.has(c.title) && !mine.has(c.title)) {
          pool.at++;
          return c;
        }
      }
      return pool.combos.find((c) => !mine.has(c.title));
    };
    let q = 0;
    for (const { doctorId, online } of list) {
      const d = doctor(doctorId);
      const r = wordRandom(`questions:${d.row.appointment_code}`);
      const specialties = d.specialties.length ? r.shuffle(d.specialties) : [d.row.department];
      const methods = METHODS[d.row.department] ?? ['中药内服'];
      const count = online ? r.int(4, 8) : r.int(2, 4);
      const titles = new Set<string>();
      const bodies = new Set<string>();
      const replies = new Set<string>();
      for (let i = 0; i < count; i++) {
        const specialty = specialties[i % specialties.length]!;
        const c = nextCombo(specialty, titles);
        if (!c) continue;
        titles.add(c.title);
        usedTitles.add(c.title);
        const topic = topicOf(specialty);
        const content = distinct(bodies, () => {
          const said = `${c.person}${c.complaint}${c.duration ? `${c.duration}了` : ''}`;
          return `${said}，${r.pick(topic.histories)}。${r.pick(ASK_LEADS[c.ask])}${c.phrase}？`;
        });
        const reply = distinct(replies, (attempt) => {
          const echo = attempt > 0 || r.next() < 0.4 ? `${c.complaint}${c.duration}的情况，` : '';
          const method = (c.ask === 'tcm' || c.ask === 'course') && r.next() < 0.6 ? `门诊上也常配合${r.pick(methods)}。` : '';
          return `${r.pick(REPLY_OPENINGS)}${echo}${topic.answers[c.ask]}${method}${r.pick(REPLY_CLOSINGS)}`;
        });
        q++;
        // The first two of a doctor are public and answered: every doctor has questions a visitor can read.
        const isPrivate = i < 2 ? 0 : r.next() < 0.3 ? 1 : 0;
        const isReplied = i < 2 ? 1 : r.next() < 0.7 ? 1 : 0;
        const age = r.int(0, 90);
        insert.run(`Q${String(200000 + q)}`, doctorId, `${r.pick(SURNAMES)}**`, c.title, content, isPrivate, isReplied,
          isReplied ? reply : '', r.int(5, 3000), daysAgo(now, age, r.int(60, 1400)), isReplied ? daysAgo(now, age, r.int(0, 50)) : null);
      }
    }
  }

  return { review, clinicReview, insertQuestions };
}
