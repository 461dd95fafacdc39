import type { EndpointMap } from '../types';

/** TW_Evaluate. */
export const evaluationEndpoints: EndpointMap = {};
