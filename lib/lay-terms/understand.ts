/**
 * How the search reads a phrase (docs/site-search.md "A phrase"): 失眠多梦怎么办, 晚上老是盗汗, 怀不上孩子,
 * shimian, 失棉. One index over the words the group's doctors and pages use (擅长, illnesses, departments), the
 * patients' words of the dictionary and the symptom words of the triage table (triage.ts), read four ways:
 *
 * 1. the keyword is itself a word of the index (as the dictionary has always read it);
 * 2. the phrase contains words of the index: the phrase is cut into words by Intl.Segmenter (built into
 *    Node's ICU: chosen over @node-rs/jieba and jieba-wasm by the benchmark of docs/site-search.md), and a
 *    word of the index counts where it starts or ends on one of the segmenter's boundaries (or is three
 *    characters or more, which the segmenter may cut differently); the longest words win;
 * 3. pinyin or its initials (shimian, sm → 失眠), by pinyin-pro, over the same index;
 * 4. one character typed wrong: a homophone (失棉) or, in a word of three characters or more, any one
 *    character (颈椎炳 → 颈椎病), the whole keyword first, then a piece of a phrase;
 * 5. last, the parts of the body and signs a phrase names (腰, 痒, 咳: triage.ts BODY_PARTS).
 *
 * The answer is what to search (the medical words, and the department when a symptom names no illness), the
 * departments the phrase leads to (挂什么科), a department the group does not have, and how it was read. The
 * embedded backend and the site read the same function, so the page says what the search did.
 */
import { pinyin } from 'pinyin-pro';
import { LAY_TERMS, normalizeComplaint } from './dictionary';
import { BODY_PARTS, CHILD_WORDS, DEPARTMENT_SPECIALTIES, GROUP_DEPARTMENTS, PEDIATRIC_OF, TRIAGE, type TriageRow } from './triage';

export type ReadAs = 'plain' | 'dictionary' | 'phrase' | 'pinyin' | 'typo' | 'body-part';

export interface Understanding {
  /** The keyword and what to search beside it; a search matches any. */
  terms: string[];
  /** The departments the phrase leads to (挂什么科), most likely first. */
  departments: string[];
  /** A department a hospital would send this to that the group does not have (the departments above help instead). */
  missing: string[];
  /** The words of the index the keyword was read as. */
  matched: string[];
  /** Departments whose doctors the reading leaves out: an adult's complaint (皮肤瘙痒 → 湿疹) is not 小儿湿疹. */
  excludeDepartments: string[];
  readAs: ReadAs;
}

type Kind = 'medical' | 'lay' | 'triage';
interface Entry {
  word: string;
  kind: Kind;
  means: readonly string[];
  departments: readonly string[];
  missing?: string;
}

const DEPARTMENT_NAMES: readonly string[] = GROUP_DEPARTMENTS;
const departmentsOfTerm = new Map<string, string[]>();
for (const [dept, specialties] of Object.entries(DEPARTMENT_SPECIALTIES)) {
  for (const s of specialties) departmentsOfTerm.set(s, [...(departmentsOfTerm.get(s) ?? []), dept]);
}
for (const d of DEPARTMENT_NAMES) departmentsOfTerm.set(d, [d]);

const departmentsOf = (means: readonly string[]) => [...new Set(means.flatMap((m) => departmentsOfTerm.get(m) ?? []))];

/** The index: every word once, a medical word before a patient's word before a triage word. */
const INDEX = new Map<string, Entry>();
for (const word of departmentsOfTerm.keys()) INDEX.set(word, { word, kind: 'medical', means: [word], departments: departmentsOfTerm.get(word)! });
for (const e of LAY_TERMS) if (!INDEX.has(e.term)) INDEX.set(e.term, { word: e.term, kind: 'lay', means: e.means, departments: departmentsOf(e.means) });
for (const row of TRIAGE as readonly TriageRow[]) {
  for (const word of row.words) {
    if (INDEX.has(word)) continue;
    INDEX.set(word, { word, kind: 'triage', means: row.means ?? [], departments: row.departments, missing: row.missing });
  }
}
/** Words of the index, longest first (for the scan and the suggestions). */
const WORDS = [...INDEX.keys()].sort((a, b) => b.length - a.length);
const LONGEST = WORDS[0]!.length;

// Pinyin keys of the index: toneless syllables joined, and their initials (失眠 → shimian, sm). A character
// of several readings (咳 hai/ke, 荨 qian/xun) gives a key for each, so 荨麻疹 is xunmazhen too.
const readings = (c: string) => [...new Set([...pinyin(c, { toneType: 'none', type: 'array', multiple: true, v: true }), ...pinyin(c, { toneType: 'none', type: 'array', v: true })])];
/** The pinyin spellings of a word: every combination of its characters' readings (at most MAX_SPELLINGS). */
const MAX_SPELLINGS = 16;
function spellings(word: string): string[] {
  let out = [''];
  for (const c of Array.from(word)) {
    out = out.flatMap((head) => readings(c).map((r) => head + r));
    if (out.length > MAX_SPELLINGS) out = out.slice(0, MAX_SPELLINGS);
  }
  return [...new Set([pinyin(word, { toneType: 'none', type: 'array', v: true }).join(''), ...out])];
}
const initials = (s: string) => pinyin(s, { pattern: 'first', toneType: 'none', type: 'array' }).join('');
const BY_PINYIN = new Map<string, string[]>();
const BY_INITIALS = new Map<string, string[]>();
const push = (m: Map<string, string[]>, k: string, w: string) => {
  const list = m.get(k) ?? [];
  if (!list.includes(w)) m.set(k, [...list, w]);
};
for (const w of WORDS) {
  if (!/^\p{Script=Han}+$/u.test(w)) continue;
  for (const key of spellings(w)) push(BY_PINYIN, key, w);
  push(BY_INITIALS, initials(w), w);
}
/**
 * A typo's neighbours: each word of three characters or more, and each of its beginnings of four or more (腰椎间盘突出
 * of 腰椎间盘突出症), with one character replaced by '*'; and each two-character word by the character it keeps,
 * when no other two-character word keeps it (哮* is only 哮喘; 失* is 失眠 and 失声, so neither).
 */
const BY_PATTERN = new Map<string, string[]>();
for (const w of WORDS) {
  const chars = Array.from(w);
  const forms = chars.length >= 3 ? [chars] : chars.length === 2 ? [chars] : [];
  for (let n = 4; n < chars.length; n++) forms.push(chars.slice(0, n));
  for (const f of forms) for (let i = 0; i < f.length; i++) push(BY_PATTERN, [...f.slice(0, i), '*', ...f.slice(i + 1)].join(''), w);
}
const segmenter = new Intl.Segmenter('zh-CN', { granularity: 'word' });

/** The word boundaries (UTF-16 offsets) the segmenter sees in a phrase. */
function boundaries(text: string): Set<number> {
  const b = new Set<number>([0, text.length]);
  for (const s of segmenter.segment(text)) {
    b.add(s.index);
    b.add(s.index + s.segment.length);
  }
  return b;
}

/** The words of the index in a phrase: on the segmenter's boundaries (or long), longest first, not overlapping. */
function wordsIn(text: string): Entry[] {
  const cuts = boundaries(text);
  const found: { start: number; end: number; entry: Entry }[] = [];
  for (let start = 0; start < text.length; start++) {
    for (let len = Math.min(LONGEST, text.length - start); len >= 2; len--) {
      const entry = INDEX.get(text.slice(start, start + len));
      if (!entry) continue;
      // ICU's dictionary knows few medical words (口/苦口/干 for 口苦口干): a word counts when it starts or ends
      // on a boundary, never when it sits inside one of the segmenter's words at both ends.
      const aligned = cuts.has(start) || cuts.has(start + len);
      if (aligned || len >= 3) found.push({ start, end: start + len, entry });
    }
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const taken: boolean[] = [];
  const chosen: typeof found = [];
  for (const f of found) {
    let free = true;
    for (let i = f.start; i < f.end; i++) if (taken[i]) free = false;
    if (!free) continue;
    for (let i = f.start; i < f.end; i++) taken[i] = true;
    chosen.push(f);
  }
  return chosen.sort((a, b) => a.start - b.start).map((f) => f.entry);
}

/**
 * A keyword read as a word of the index once one character is fixed: a homophone (失棉, 咳搜), or one character
 * of a word (颈椎炳, 腰椎间盘突处). The whole keyword only, not a piece of it: a name (王丽华) is no typo of a word.
 */
function typoWords(text: string): Entry[] {
  const chars = Array.from(text);
  if (chars.length < 2 || chars.length > LONGEST || !/^\p{Script=Han}+$/u.test(text)) return [];
  const same = spellings(text).flatMap((k) => BY_PINYIN.get(k) ?? []);
  if (same.length) return [INDEX.get(same[0]!)!];
  for (let i = 0; i < chars.length; i++) {
    const near = BY_PATTERN.get([...chars.slice(0, i), '*', ...chars.slice(i + 1)].join(''));
    if (near?.length === 1 || (chars.length >= 3 && near?.length)) return [INDEX.get(near[0]!)!];
  }
  return [];
}

/**
 * A phrase with no word of the index in it: a piece of it read as a word once one character is fixed (a
 * homophone of two characters or more, one character of three or more), the longest piece first.
 */
function typoInPhrase(text: string): Entry[] {
  const chars = Array.from(text);
  for (let len = Math.min(LONGEST, chars.length - 1); len >= 2; len--) {
    for (let start = 0; start + len <= chars.length; start++) {
      const piece = chars.slice(start, start + len).join('');
      if (!/^\p{Script=Han}+$/u.test(piece)) continue;
      const same = spellings(piece).flatMap((k) => BY_PINYIN.get(k) ?? []);
      if (same.length) return [INDEX.get(same[0]!)!];
      if (len < 3) continue;
      const pc = Array.from(piece);
      for (let i = 0; i < len; i++) {
        const near = BY_PATTERN.get([...pc.slice(0, i), '*', ...pc.slice(i + 1)].join(''));
        if (near?.length) return [INDEX.get(near[0]!)!];
      }
    }
  }
  return [];
}

/** The last resort: the parts of the body and signs a phrase names (腰, 痒, 咳; triage.ts BODY_PARTS), each once. */
function bodyParts(text: string): Entry[] {
  const rows = [...new Set(Array.from(text).map((c) => BODY_PARTS[c]).filter((r): r is TriageRow => Boolean(r)))];
  return rows.map((row) => ({ word: row.words[0]!, kind: 'triage' as const, means: row.means ?? [], departments: row.departments, missing: row.missing }));
}

/** Latin letters read as pinyin or initials of a word of the index (shimian, sm → 失眠). */
function pinyinWords(keyword: string): Entry[] {
  const k = keyword.toLowerCase().replace(/[\s']+/g, '');
  if (!/^[a-z]{2,30}$/.test(k)) return [];
  const words = BY_PINYIN.get(k) ?? BY_INITIALS.get(k) ?? [];
  // Initials are ambiguous: a medical word or a patient's word first, at most three.
  const rank = (w: string) => ({ medical: 0, lay: 1, triage: 2 })[INDEX.get(w)!.kind];
  const best = Math.min(...words.map(rank));
  return words.filter((w) => rank(w) === best).slice(0, 3).map((w) => INDEX.get(w)!);
}

const isPediatric = (m: string) => m.startsWith('小儿') || m === '中医儿科';

/** The search terms and departments of the words found in a phrase. */
function fromWords(keyword: string, text: string, found: Entry[], readAs: ReadAs): Understanding {
  let entries = found;
  const isMarker = (e: Entry) => e.means.length === 1 && e.means[0] === '中医儿科';
  // 怀不上孩子, 生完孩子: the child is not the patient.
  const womens = entries.some((e) => e.departments.length === 1 && e.departments[0] === '中医妇科');
  const complaints = entries.filter((e) => !isMarker(e));
  const child = !womens && (entries.some(isMarker) || CHILD_WORDS.some((w) => text.includes(w)));
  // 宝宝 beside a complaint says who is ill; alone it is the department.
  if (womens || complaints.length) entries = complaints;
  // 更年期失眠, 产后身体虚弱: a woman's time of life says which doctors see the rest.
  if (womens) entries = entries.filter((e) => e.departments.includes('中医妇科'));
  const terms: string[] = [];
  const termSets: string[][] = [];
  const departments: string[] = [];
  const missing: string[] = [];
  for (const e of entries) {
    let means = [...e.means];
    let depts = [...e.departments];
    if (child) {
      // 孩子咳嗽: the child's version of each complaint; one that has none goes to 中医儿科 whole.
      const kids = [...new Set(means.map((m) => (isPediatric(m) ? m : PEDIATRIC_OF[m])).filter((m): m is string => Boolean(m)))];
      const grownOnly = depts.length > 0 && depts.every((d) => d === '中医内科' || d === '中医肺病科' || d === '中医儿科');
      if (kids.length || grownOnly || depts.length === 0) {
        means = kids.length ? kids : ['中医儿科'];
        depts = ['中医儿科'];
      }
    } else {
      // An adult's phrase does not search children's specialties (咳嗽 means 慢性咳嗽 or 小儿咳嗽).
      const grown = means.filter((m) => !isPediatric(m));
      if (grown.length) means = grown;
      depts = depts.filter((d) => d !== '中医儿科' || means.some(isPediatric));
      if (depts.length === 0) depts = departmentsOf(means);
    }
    terms.push(...means);
    termSets.push(means);
    departments.push(...depts);
    if (e.missing) missing.push(e.missing);
  }
  // Words that name one thing from two sides (颈椎病头晕, 缺钙腿疼) search what they share.
  const shared = termSets.length > 1 ? termSets.reduce((a, b) => a.filter((t) => b.includes(t))) : [];
  if (shared.length) {
    terms.splice(0, terms.length, ...shared);
    const inShared = departmentsOf(shared);
    if (inShared.length) departments.splice(0, departments.length, ...departments.filter((d) => inShared.includes(d)));
  }
  // A symptom no doctor lists by name (盗汗) is searched as its department, so the phrase still finds doctors.
  if (terms.length === 0) terms.push(...departments);
  return {
    terms: [...new Set([keyword, ...terms])].filter((t) => t.length > 0),
    departments: [...new Set(departments)],
    missing: [...new Set(missing)],
    matched: found.map((e) => e.word),
    excludeDepartments: child || departments.includes('中医儿科') ? [] : ['中医儿科'],
    readAs,
  };
}

export interface UnderstandOptions {
  /** Does the keyword as typed find anything (the backend asks its index)? Then it is read as typed, not as pinyin or a typo. */
  foundAsTyped?: (keyword: string) => boolean;
}

const PLAIN = (keyword: string): Understanding => ({ terms: [keyword], departments: [], missing: [], matched: [], excludeDepartments: [], readAs: 'plain' });

/**
 * What a keyword asks for. A word of the index as typed is read as before (a medical word as written, a
 * patient's word as what it means); a longer phrase through the words it contains; Latin letters as pinyin;
 * and, when nothing else is found, one character typed wrong. Anything else (a doctor's or a clinic's name)
 * is searched as typed.
 */
export function understand(raw: string, options: UnderstandOptions = {}): Understanding {
  const keyword = raw.trim();
  if (!keyword) return PLAIN(keyword);
  const text = normalizeComplaint(keyword);
  const exact = INDEX.get(keyword) ?? INDEX.get(text);
  if (exact) {
    const departments = exact.departments.length ? [...exact.departments] : departmentsOf(exact.means);
    // A medical word is searched as written (an illness page and a search for its name list the same doctors).
    if (exact.kind === 'medical') return { terms: [keyword], departments, missing: [], matched: [exact.word], excludeDepartments: [], readAs: 'plain' };
    if (exact.kind === 'lay') {
      // An adult's word does not search children's specialties (咳嗽 means 慢性咳嗽 or 小儿咳嗽): a child's word does.
      const grown = exact.means.filter((m) => !isPediatric(m));
      const child = CHILD_WORDS.some((w) => exact.word.includes(w));
      const means = child || grown.length === 0 ? exact.means : grown;
      const depts = child ? departments : departments.filter((d) => d !== '中医儿科' || means.some(isPediatric));
      const shown = depts.length ? depts : departments;
      return {
        terms: [...new Set([keyword, ...means])],
        departments: shown,
        missing: [],
        matched: [exact.word],
        excludeDepartments: shown.includes('中医儿科') ? [] : ['中医儿科'],
        readAs: 'dictionary',
      };
    }
  }
  const inPhrase = wordsIn(text);
  // Only who is ill (孩子半夜一直咳): what ails them may still be a part of the body or a sign.
  if (inPhrase.length && inPhrase.every((e) => e.means.length === 1 && e.means[0] === '中医儿科')) inPhrase.push(...bodyParts(text));
  if (inPhrase.length) return fromWords(keyword, text, inPhrase, 'phrase');
  // Letters and typos are guesses: a keyword that finds something as typed (a doctor 王敏, a clinic) is not one.
  if (options.foundAsTyped?.(keyword)) return PLAIN(keyword);
  const spelled = pinyinWords(keyword);
  if (spelled.length) return fromWords(keyword, text, spelled, 'pinyin');
  const fixed = typoWords(text);
  if (fixed.length) return fromWords(keyword, text, fixed, 'typo');
  const fixedInPhrase = typoInPhrase(text);
  if (fixedInPhrase.length) return fromWords(keyword, text, fixedInPhrase, 'typo');
  const parts = bodyParts(text);
  if (parts.length) return fromWords(keyword, text, parts, 'body-part');
  return PLAIN(keyword);
}

/**
 * 您是不是要找: words of the same index nearest a keyword that found little, each a search of its own. A word
 * shares characters with the keyword (a larger share of the word first), or its pinyin starts with the
 * letters typed.
 */
export function didYouMean(raw: string, limit = 5): string[] {
  const keyword = raw.trim();
  if (!keyword) return [];
  const read = understand(keyword);
  const out = new Set<string>(read.readAs === 'plain' ? [] : read.matched.filter((w) => w !== keyword));
  const letters = keyword.toLowerCase().replace(/[\s']+/g, '');
  if (/^[a-z]+$/.test(letters)) {
    for (const [key, words] of BY_PINYIN) if (key.startsWith(letters)) words.forEach((w) => out.add(w));
    return [...out].slice(0, limit);
  }
  const chars = new Set(Array.from(normalizeComplaint(keyword)).filter((c) => /\p{Script=Han}/u.test(c)));
  const rankOf = { medical: 0, lay: 1, triage: 2 } as const;
  const scored = WORDS.filter((w) => w !== keyword)
    .map((w) => {
      const wc = Array.from(w);
      const shared = wc.filter((c) => chars.has(c)).length;
      return { w, shared, share: shared / wc.length, rank: rankOf[INDEX.get(w)!.kind] };
    })
    .filter((s) => s.shared > 0 && s.share >= 0.5)
    .sort((a, b) => b.shared - a.shared || b.share - a.share || a.rank - b.rank);
  for (const s of scored) out.add(s.w);
  return [...out].slice(0, limit);
}
