import type { EndpointMap } from '../types';

/** PointsMall. */
export const pointsEndpoints: EndpointMap = {};
