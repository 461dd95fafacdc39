import type { EndpointMap } from '../types';

/** DD_DataBaseClient. */
export const dataBaseEndpoints: EndpointMap = {};
