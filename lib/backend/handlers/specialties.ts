import type { EndpointMap } from '../types';

/** HIS_Specialty, TW_Class GetSpeciaClass, TW_Special, TW_DiseaseType. */
export const specialtyEndpoints: EndpointMap = {};
