/**
 * Every path of SPEC §7, merged from one module per service group. Keys are
 * the path below /api/, e.g. 'News/GetNewList'. docs/api.md documents them;
 * the endpoint table (lib/contract/endpoints.ts) types each handler.
 */
import type { EndpointPath } from '@/lib/contract';
import type { RoutedEndpoint } from '../types';
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

const groups = [
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
] as const;

/**
 * Every path of the endpoint table has its handler here: a path added to the table without one (or served by no
 * group) fails tsc at `unservedPaths`, which names the path. A handler for a path that is not in the table fails in its
 * group's `satisfies EndpointMap`.
 */
type PathsOf<T extends readonly object[]> = T extends readonly [infer G, ...infer Rest extends readonly object[]] ? keyof G | PathsOf<Rest> : never;
type Served = PathsOf<typeof groups>;
/** Empty when every path is served; else tsc names each missing path as a missing property. */
export const unservedPaths: Record<Exclude<EndpointPath, Served>, never> = {};

/** Looked up by the path a request names (router.ts), so by any string. */
export const endpoints: Record<string, RoutedEndpoint> = Object.assign(Object.create(null) as Record<string, RoutedEndpoint>, ...groups);
