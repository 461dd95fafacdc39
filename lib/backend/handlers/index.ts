/**
 * Every path of SPEC §7, merged from one module per service group. Keys are
 * the path below /api/, e.g. 'News/GetNewList'. docs/api.md documents them.
 */
import type { EndpointMap } from '../types';
import { authEndpoints } from './auth';
import { memberEndpoints } from './members';
import { memberRightsEndpoints } from './member-rights';
import { agreementEndpoints } from './agreements';
import { orgEndpoints } from './orgs';
import { dataBaseEndpoints } from './data-base';
import { webUrlEndpoints } from './web-url';
import { newsEndpoints } from './news';
import { userEndpoints } from './users';
import { doctorFilterEndpoints } from './doctor-filters';
import { departmentEndpoints } from './departments';
import { specialtyEndpoints } from './specialties';
import { systemEndpoints } from './system';
import { onlineEndpoints } from './online';
import { collectionEndpoints } from './collections';
import { evaluationEndpoints } from './evaluations';
import { messageEndpoints } from './messages';
import { pointsEndpoints } from './points';
import { hotWordEndpoints } from './hot-words';
import { registerEndpoints } from './register';
import { bookingEndpoints } from './booking';
import { patientEndpoints } from './patients';
import { visitReviewEndpoints } from './visit-reviews';
import { pointsOrderEndpoints } from './points-orders';
import { devEndpoints } from './dev';
import { siteInfoEndpoints } from './site-info';
import { priceListEndpoints } from './price-list';
import { constitutionEndpoints } from './constitution';
import { askEndpoints } from './ask';

const groups: EndpointMap[] = [
  authEndpoints,
  memberEndpoints,
  memberRightsEndpoints,
  agreementEndpoints,
  orgEndpoints,
  dataBaseEndpoints,
  webUrlEndpoints,
  newsEndpoints,
  userEndpoints,
  doctorFilterEndpoints,
  departmentEndpoints,
  specialtyEndpoints,
  systemEndpoints,
  onlineEndpoints,
  collectionEndpoints,
  evaluationEndpoints,
  messageEndpoints,
  pointsEndpoints,
  hotWordEndpoints,
  registerEndpoints,
  bookingEndpoints,
  patientEndpoints,
  visitReviewEndpoints,
  pointsOrderEndpoints,
  devEndpoints,
  siteInfoEndpoints,
  priceListEndpoints,
  constitutionEndpoints,
  askEndpoints,
];

export const endpoints: EndpointMap = Object.assign(Object.create(null) as EndpointMap, ...groups);
