/**
 * The maintained dictionary of patients' words (dictionary.json, edited by hand) and how a question around a
 * complaint is read (docs/site-search.md "Patients' words").
 */
import dictionary from './dictionary.json';

export interface LayTerm {
  /** What a patient types: 胃痛, 小孩发烧. */
  term: string;
  /** What the group's doctors and illness pages call it: specialties (擅长), illness names, departments. */
  means: readonly string[];
}

export const LAY_TERMS: readonly LayTerm[] = dictionary.entries;

const BY_TERM = new Map(LAY_TERMS.map((e) => [e.term, e]));

/** Words around a complaint that are not part of it, longest first. */
const LEADS = ['我最近', '我家', '经常', '总是', '老是', '最近', '有点', '我'];
const TAILS = [
  '了怎么办', '怎么办', '怎么回事', '怎么治疗', '怎么治', '怎么调理', '如何调理', '吃什么药', '挂什么科', '看什么科',
  '挂哪个科', '看哪个科', '找哪个医生', '厉害', '严重', '很久了', '好久了', '了',
];

/** The keyword as the dictionary reads it: whitespace gone, a question's lead and tail set aside. */
export function normalizeComplaint(keyword: string): string {
  let k = keyword.replace(/\s+/g, '').replace(/[？?！!。，,]+$/u, '');
  for (let changed = true; changed; ) {
    changed = false;
    for (const lead of LEADS) {
      if (k.startsWith(lead) && k.length > lead.length) {
        k = k.slice(lead.length);
        changed = true;
      }
    }
    for (const tail of TAILS) {
      if (k.endsWith(tail) && k.length > tail.length) {
        k = k.slice(0, -tail.length);
        changed = true;
      }
    }
  }
  return k;
}

/** The dictionary entry a keyword is, or null. */
export function layTermOf(keyword: string): LayTerm | null {
  return BY_TERM.get(keyword.trim()) ?? BY_TERM.get(normalizeComplaint(keyword)) ?? null;
}

