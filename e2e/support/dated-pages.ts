import { routes } from '../../lib/routes';

/**
 * The pages whose HTML depends on the hour (a doctor's next open number, today's schedule, the finder's 14 date
 * chips, a booking's cut-off): the route audit runs them again at three fixed clocks (e2e/support/clocks.ts).
 */
export const DATED_STATIC = new Set<string>([routes.home(), routes.doctorList(), routes.onlineExpert()]);
/** Dynamic templates of e2e/support/discover.ts by name. */
export const DATED_TEMPLATES = new Set<string>([
  '医生详情 doctorDetail',
  '门诊详情 hospitalDetail',
  '在线医生详情 onlineDoctorDetail',
  '医生列表省份 doctorList/{provinceId}',
  '科室 department',
  '疾病详情 illnessDetail',
]);
export const DATED_MEMBER = new Set<string>(['/booking', '/dRecord/registration']);

/**
 * Of those, the ones axe also audits at each fixed clock (the Nu checker reads them all): the finder's date chips
 * and a doctor's schedule, where what is shown and disabled changes with the hour. Kept few: each is a page load
 * and an axe run at three clocks.
 */
export const AXE_AT_CLOCKS = new Set<string>([routes.doctorList(), '医生详情 doctorDetail', '医生列表省份 doctorList/{provinceId}', '科室 department', '/booking']);

/** Playwright's tag for a test that runs again at the fixed clocks (playwright.config.ts): the axe audit of a page of AXE_AT_CLOCKS. */
export const dated = (page: string) => (AXE_AT_CLOCKS.has(page) ? { tag: '@dated' } : {});
