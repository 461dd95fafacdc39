import type { EndpointMap } from '../types';

/** VIP_Member except the member rights. */
export const memberEndpoints: EndpointMap = {};
