import { pickOption, QUESTION_TYPES, REPLY_FILTERS } from '@/lib/constants';
import { single, type SearchParams } from '@/lib/url-params';

/** SPEC §9 question filters from the URL: type ('' | 0 public | 1 private), reply ('' | 1 | 0). */
export function questionFilterState(sp: SearchParams) {
  return {
    type: pickOption(QUESTION_TYPES, single(sp.type)),
    reply: pickOption(REPLY_FILTERS, single(sp.reply)),
  };
}
export type QuestionFilterState = ReturnType<typeof questionFilterState>;
