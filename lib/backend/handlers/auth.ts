import type { EndpointMap } from '../types';

/** AuthenticationCenter (SPEC §7 Auth). */
export const authEndpoints: EndpointMap = {};
