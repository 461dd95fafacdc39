import type { EndpointMap } from '../types';

/** IM_InterrogationOrder, IM_AskQuestion. */
export const onlineEndpoints: EndpointMap = {};
