import type { EndpointMap } from '../types';

/** TW_User. */
export const userEndpoints: EndpointMap = {};
