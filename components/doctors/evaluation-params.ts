import { EVALUATION_CONTENT_FILTERS, EVALUATION_TYPES, pickOption, SATISFACTION_FILTERS } from '@/lib/constants';
import { single, type SearchParams } from '@/lib/url-params';
import type { EvaluationFilterState } from './evaluations';

/** SPEC §9 evaluation filters from the URL (unknown values → 全部). */
export function evaluationFilterState(params: SearchParams): EvaluationFilterState {
  return {
    sat: pickOption(SATISFACTION_FILTERS, single(params.sat)),
    etype: pickOption(EVALUATION_TYPES, single(params.etype)),
    content: pickOption(EVALUATION_CONTENT_FILTERS, single(params.content)),
  };
}
