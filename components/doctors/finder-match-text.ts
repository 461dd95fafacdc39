/**
 * What the doctor finder's count matches, said once (docs/doctor-finder.md): 符合“颈椎”, 符合所选条件, or
 * 符合“颈椎”及所选条件 — never 符合“颈椎”符合所选条件.
 */
export function finderMatchText(keyword: string, byFilters: boolean): string {
  const parts = [keyword ? `“${keyword}”` : '', byFilters ? '所选条件' : ''].filter(Boolean);
  return parts.length ? `符合${parts.join('及')}` : '';
}
