/** One suggestion under the header search box (GET /search-suggestions, docs/site-search.md). */
export interface Suggestion {
  /** word: a hot word; term: a patient's word of the lay-term dictionary (lib/lay-terms). */
  kind: 'word' | 'term' | 'doctor' | 'clinic' | 'illness';
  label: string;
  /** A second line: the doctor's title and clinic, the clinic's city, the illness's type. */
  hint: string;
  href: string;
}

export const SUGGESTION_KIND_LABELS: Record<Suggestion['kind'], string> = {
  word: '热门',
  term: '病症',
  doctor: '医生',
  clinic: '门诊',
  illness: '疾病',
};

/** The longest keyword the suggestions accept, as the search page (parseKeyword). */
export const SUGGEST_MAX_CHARS = 50;
