import type { EndpointMap } from '../types';

/** WX_OrgCollectionClent, WX_DoctorCollectionClent. */
export const collectionEndpoints: EndpointMap = {};
