import type { EndpointMap } from '../types';

/** development-only aids (SMS outbox, WeChat authorize); empty unless settings.devAids. */
export const devEndpoints: EndpointMap = {};
