import type { EndpointMap } from '../types';

/** VIP_Member GetSysMemberRightsList, GetSysMemberRights. */
export const memberRightsEndpoints: EndpointMap = {};
