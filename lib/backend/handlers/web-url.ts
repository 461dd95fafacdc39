import type { EndpointMap } from '../types';

/** WechatClient/PcWebUrl. */
export const webUrlEndpoints: EndpointMap = {};
