import { EVALUATION_CONTENT_FILTERS, EVALUATION_TYPES, pickOption, SATISFACTION_FILTERS } from '@/lib/constants';
import { singleParam, type SearchParams } from '@/lib/list-query';
import type { EvaluationFilterState } from './evaluations';

/** SPEC §9 evaluation filters from the URL (unknown values → 全部). */
export function evaluationFilterState(params: SearchParams): EvaluationFilterState {
  return {
    sat: pickOption(SATISFACTION_FILTERS, singleParam(params, 'sat')),
    etype: pickOption(EVALUATION_TYPES, singleParam(params, 'etype')),
    content: pickOption(EVALUATION_CONTENT_FILTERS, singleParam(params, 'content')),
  };
}
