import type { EndpointMap } from '../types';

/** News (including jobs). */
export const newsEndpoints: EndpointMap = {};
