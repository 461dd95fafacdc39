import type { EndpointMap } from '../types';

/** TW_Org. */
export const orgEndpoints: EndpointMap = {};
