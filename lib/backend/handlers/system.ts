import type { EndpointMap } from '../types';

/** TW_Class GetSystemMenu, GetSystemList, GetLogList, GetLogListDetail. */
export const systemEndpoints: EndpointMap = {};
