/**
 * The lay-term dictionary (docs/site-search.md "Patients' words"): at least 150 patients' words, each once,
 * none a medical term the group already uses (so an illness's page and a search for its name stay the same
 * doctors), each meaning something the group's doctors or illness pages name; and how a question around a
 * complaint is read.
 */
import { describe, expect, it } from 'vitest';
import { DEPARTMENTS, ILLNESSES } from '@/lib/backend/seed/clinics-doctors-data';
import { LAY_TERMS, layTermOf, normalizeComplaint, searchTerms } from '.';

const specialties = DEPARTMENTS.flatMap((d) => d.specialties);
const illnessNames = ILLNESSES.map(([name]) => name);
const vocabulary = new Set([...specialties, ...illnessNames, ...DEPARTMENTS.map((d) => d.name)]);
/** Words of the illness pages a search reads (name and symptoms), and the TCM names their summaries use. */
const illnessText = ILLNESSES.map(([name, , summary, symptoms]) => `${name} ${summary} ${symptoms}`).join(' ');

describe('the dictionary', () => {
  it('has at least 150 entries, each term once', () => {
    expect(LAY_TERMS.length).toBeGreaterThanOrEqual(150);
    const terms = LAY_TERMS.map((e) => e.term);
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('holds patients’ words only: no term is a specialty, an illness or a department', () => {
    for (const e of LAY_TERMS) expect(vocabulary.has(e.term), e.term).toBe(false);
    for (const name of illnessNames) expect(layTermOf(name), name).toBeNull();
  });

  it('means what the group’s doctors, departments or illness pages name', () => {
    for (const e of LAY_TERMS) {
      expect(e.means.length, e.term).toBeGreaterThan(0);
      // At least one meaning a doctor's 擅长 or department holds, so the word finds a doctor.
      expect(
        e.means.some((m) => [...vocabulary].some((v) => v.includes(m))),
        `${e.term} → ${e.means.join('、')}`,
      ).toBe(true);
      for (const m of e.means) expect([...vocabulary].some((v) => v.includes(m)) || illnessText.includes(m), `${e.term} → ${m}`).toBe(true);
    }
  });
});

describe('reading a keyword', () => {
  it('reads the issue’s words as their medical terms', () => {
    expect(searchTerms('胃痛')).toEqual(['胃痛', '胃脘痛', '慢性胃炎', '功能性消化不良']);
    expect(searchTerms('腰疼')).toEqual(expect.arrayContaining(['腰疼', '腰痛', '腰椎间盘突出症']));
    expect(searchTerms('掉头发')).toEqual(['掉头发', '脱发']);
    expect(searchTerms('小孩发烧')).toEqual(['小孩发烧', '小儿发热']);
    // A medical term is searched as written.
    expect(searchTerms('痛经')).toEqual(['痛经']);
    expect(searchTerms('慢性咳嗽')).toEqual(['慢性咳嗽']);
  });

  it('sets a question’s lead and tail aside', () => {
    expect(normalizeComplaint('小孩发烧怎么办？')).toBe('小孩发烧');
    expect(normalizeComplaint('我最近总是睡不着')).toBe('睡不着');
    expect(normalizeComplaint('腰疼挂什么科')).toBe('腰疼');
    expect(normalizeComplaint(' 掉 头发 ')).toBe('掉头发');
    expect(layTermOf('我家孩子咳嗽好久了')?.term).toBe('孩子咳嗽');
    expect(searchTerms('胃痛怎么办')).toEqual(['胃痛怎么办', '胃脘痛', '慢性胃炎', '功能性消化不良']);
    // Nothing is left of a keyword that is only a lead or a tail.
    expect(normalizeComplaint('怎么办')).toBe('怎么办');
    expect(layTermOf('李建国')).toBeNull();
  });
});
