import type { EndpointMap } from '../types';

/** TW_HotWords. */
export const hotWordEndpoints: EndpointMap = {};
