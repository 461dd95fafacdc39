/** One suggestion under the header search box (GET /search-suggestions, docs/site-search.md). */
export interface Suggestion {
  kind: 'word' | 'doctor' | 'clinic' | 'illness';
  label: string;
  /** A second line: the doctor's title and clinic, the clinic's city, the illness's type. */
  hint: string;
  href: string;
}

export const SUGGESTION_KIND_LABELS: Record<Suggestion['kind'], string> = {
  word: '热门',
  doctor: '医生',
  clinic: '门诊',
  illness: '疾病',
};

/** The longest keyword the suggestions accept, as the search page (parseKeyword). */
export const SUGGEST_MAX_CHARS = 50;
