import type { EndpointMap } from '../types';

/** TW_Message. */
export const messageEndpoints: EndpointMap = {};
