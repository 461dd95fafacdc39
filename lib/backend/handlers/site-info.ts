import type { EndpointMap } from '../types';

/** TW_User GetUserNums, GetStyleDisplay, GetThirdAppInfo (the home page's figures and display settings). */
export const siteInfoEndpoints: EndpointMap = {};
