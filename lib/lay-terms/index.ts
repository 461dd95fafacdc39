/**
 * Search in patients' words (docs/site-search.md "Patients' words"): the maintained dictionary of lay terms
 * (dictionary.json, edited by hand) read by the doctor finder's keyword, the site search and the header
 * suggestions alike. The embedded backend reads it for GetDoctorPageList and GeHIS_SpecialtyConfiguration;
 * the site reads it to say how it understood a word and to mark the matched terms.
 *
 * A keyword is read through the dictionary only when it is one of its terms, once a question's tail (怎么办,
 * 挂什么科…) and a leading 我/总是… are set aside: so 小孩发烧怎么办 finds 小儿发热, while a medical term
 * (慢性咳嗽) is searched as written and an illness page's doctors stay exactly the search's.
 */
import { understand, type UnderstandOptions } from './understand';

export { LAY_TERMS, layTermOf, normalizeComplaint, type LayTerm } from './dictionary';
export { didYouMean, understand, type Understanding, type UnderstandOptions } from './understand';
export { TRIAGE, GROUP_DEPARTMENTS, type TriageRow } from './triage';

/**
 * What to search for a keyword: the keyword itself and, when it is a lay term, what it means (each once); a
 * phrase, pinyin or a typo as understand() reads it (docs/site-search.md "A phrase").
 * A search matches any of them.
 */
export function searchTerms(keyword: string, options?: UnderstandOptions): string[] {
  return understand(keyword, options).terms;
}
