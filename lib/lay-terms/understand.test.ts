/**
 * How the search reads a phrase (docs/site-search.md "A phrase"): words of the index inside a phrase, pinyin and
 * initials, one character typed wrong, the triage table's departments (and the ones the group does not have),
 * a child's and a woman's complaint, and 您是不是要找.
 */
import { describe, expect, it } from 'vitest';
import { DEPARTMENTS, ILLNESSES } from '@/lib/backend/seed/clinics-doctors-data';
import { didYouMean, searchTerms, understand } from '.';
import { DEPARTMENT_SPECIALTIES, GROUP_DEPARTMENTS, TRIAGE } from './triage';

const catalogue = new Set([...DEPARTMENTS.flatMap((d) => d.specialties), ...ILLNESSES.map(([name]) => name)]);

describe('the triage table', () => {
  it('reads the catalogue’s departments and what their doctors list, as the seed has them', () => {
    expect(Object.fromEntries(DEPARTMENTS.map((d) => [d.name, d.specialties]))).toEqual(DEPARTMENT_SPECIALTIES);
    expect([...GROUP_DEPARTMENTS].sort()).toEqual(DEPARTMENTS.map((d) => d.name).sort());
  });

  it('sends each symptom to departments the group has, to words its doctors list, and says which department it lacks', () => {
    const words = TRIAGE.flatMap((r) => r.words);
    expect(new Set(words).size).toBe(words.length);
    for (const row of TRIAGE) {
      expect(row.departments.length, row.words[0]).toBeGreaterThan(0);
      for (const d of row.departments) expect(GROUP_DEPARTMENTS, row.words[0]).toContain(d);
      for (const m of row.means ?? []) expect(catalogue.has(m), `${row.words[0]} → ${m}`).toBe(true);
      if (row.missing) expect(GROUP_DEPARTMENTS as readonly string[], row.missing).not.toContain(row.missing);
    }
  });
});

describe('a phrase', () => {
  it('finds the known word inside it (the phrasings the dictionary missed)', () => {
    expect(understand('晚上老是盗汗')).toMatchObject({ readAs: 'phrase', departments: ['中医内科'], matched: ['盗汗'] });
    expect(understand('怀不上孩子').terms).toEqual(['怀不上孩子', '不孕不育']);
    expect(understand('怀不上孩子').departments).toEqual(['中医妇科']);
    expect(understand('老咳嗽有痰').terms).toEqual(expect.arrayContaining(['慢性咳嗽']));
    expect(understand('更年期潮热').terms).toContain('更年期综合征');
    expect(understand('肚子胀气怎么办').departments).toEqual(['中医内科']);
  });

  it('reads a child’s complaint as the child’s specialty, and 孩子 in 怀不上孩子 as no patient', () => {
    expect(understand('宝宝老是咳嗽').terms).toEqual(['宝宝老是咳嗽', '小儿咳嗽']);
    expect(understand('宝宝老是咳嗽').departments).toEqual(['中医儿科']);
    expect(understand('老是咳嗽有痰').departments).not.toContain('中医儿科');
    expect(understand('老是咳嗽有痰').excludeDepartments).toEqual(['中医儿科']);
    expect(understand('怀不上孩子').departments).not.toContain('中医儿科');
  });

  it('searches what two words share (颈椎病头晕 is 颈椎病, not every 眩晕)', () => {
    expect(understand('颈椎病头晕').terms).toEqual(['颈椎病头晕', '颈椎病']);
    expect(understand('颈椎病头晕').departments).toEqual(['针灸推拿科']);
  });

  it('leads a symptom no doctor names to a department, and says when the group has none', () => {
    const tooth = understand('牙疼挂什么科');
    expect(tooth.departments).toEqual(['中医内科']);
    expect(tooth.missing).toEqual(['口腔科']);
    expect(tooth.terms).toContain('中医内科');
  });

  it('leaves a medical word, a name and a place as typed', () => {
    expect(searchTerms('慢性咳嗽')).toEqual(['慢性咳嗽']);
    expect(understand('李建国').readAs).toBe('plain');
    expect(understand('昆明').terms).toEqual(['昆明']);
    expect(understand('').terms).toEqual(['']);
  });
});

describe('pinyin and typos', () => {
  it('reads pinyin and initials', () => {
    expect(understand('shimian')).toMatchObject({ readAs: 'pinyin', matched: ['失眠'] });
    expect(understand('sm').matched).toEqual(['失眠']);
    expect(understand('Shi Mian').matched).toEqual(['失眠']);
    // A character of two readings: 荨 is xun in 荨麻疹.
    expect(understand('xunmazhen').matched).toEqual(['荨麻疹']);
  });

  it('reads one character typed wrong: a homophone, or one character of a longer word', () => {
    expect(understand('失棉')).toMatchObject({ readAs: 'typo', matched: ['失眠'] });
    expect(understand('咳搜').matched).toEqual(['咳嗽']);
    expect(understand('颈椎炳').matched).toEqual(['颈椎病']);
    expect(understand('腰椎间盘突处').matched).toEqual(['腰椎间盘突出症']);
  });

  it('reads a typo inside a phrase, and last the part of the body a phrase names', () => {
    expect(understand('最近失棉很严重')).toMatchObject({ readAs: 'typo', matched: ['失眠'] });
    expect(understand('腰那里一直酸酸的')).toMatchObject({ readAs: 'body-part', departments: ['针灸推拿科', '中医骨伤科'] });
    expect(understand('身上到处痒').departments).toEqual(['中医皮肤科']);
    expect(understand('孩子半夜一直咳').departments).toEqual(['中医儿科']);
    expect(understand('孩子半夜一直咳').terms).toContain('小儿咳嗽');
  });

  it('does not read a keyword that finds something as typed as a guess', () => {
    expect(understand('失棉', { foundAsTyped: () => true }).readAs).toBe('plain');
    expect(understand('shimian', { foundAsTyped: (k) => k === 'shimian' }).readAs).toBe('plain');
  });
});

describe('您是不是要找', () => {
  it('offers the index’s words nearest a keyword', () => {
    expect(didYouMean('失眠多')).toEqual(expect.arrayContaining(['失眠']));
    expect(didYouMean('shim')).toEqual(expect.arrayContaining(['失眠']));
    expect(didYouMean('失棉')).toEqual(expect.arrayContaining(['失眠']));
    expect(didYouMean('zzzz')).toEqual([]);
    expect(didYouMean('失眠多', 2)).toHaveLength(2);
  });
});
