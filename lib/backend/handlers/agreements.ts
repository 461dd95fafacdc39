import type { EndpointMap } from '../types';

/** SYS_Agreement. */
export const agreementEndpoints: EndpointMap = {};
