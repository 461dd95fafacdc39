import type { EndpointMap } from '../types';

/** HIS_Register. */
export const registerEndpoints: EndpointMap = {};
