/**
 * Typed path builders for every route of SPEC §2. Nav, links and the sitemap
 * use these, so no path string is written twice. Spelling (capitals included)
 * is exactly SPEC §2's: marketing staff and search engines hold these links.
 */
import { externalLinks } from './site-config';

// The helpers and paths that client islands on every page use live in
// ./internal-paths (docs/decisions.md: importing this table would carry all of it into
// every page's JavaScript); they are re-exported here for everyone else.
import { homePath, loginRequiredPath, sessionFavouritesPath, sessionMePath, withQuery, type QueryValue } from './internal-paths';

export { homePath, safeInternalPath, sessionFavouritesPath, sessionMePath, withQuery } from './internal-paths';

const seg = (value: string | number) => encodeURIComponent(String(value));
const optionalSeg = (value: string | number | undefined) =>
  value === undefined || value === '' ? '' : `/${seg(value)}`;

export type ListQuery = Record<string, QueryValue>;

export const routes = {
  home: homePath,
  search: (keyword?: string, query: ListQuery = {}) => withQuery('/searchList', { keyword, ...query }),

  // 看诊服务
  doctorList: (provinceId?: number | string, query?: ListQuery) =>
    withQuery(`/doctorlist${optionalSeg(provinceId)}`, query),
  doctorDetail: (appointmentCode: string, query?: ListQuery) =>
    withQuery(`/doctordetail/${seg(appointmentCode)}`, query),
  hospitalList: (provinceId?: number | string, query?: ListQuery) =>
    withQuery(`/hospitallist${optionalSeg(provinceId)}`, query),
  hospitalDetail: (hospitalCode: string, query?: ListQuery) =>
    withQuery(`/hospitaldetail/${seg(hospitalCode)}`, query),
  hospitalEvaluateAll: (query?: ListQuery) => withQuery('/hospitalEvaluateAll', query),
  onlineExpert: (query?: ListQuery) => withQuery('/CloudIMClient/OnlineExpert/Index', query),
  onlineQuestions: (query?: ListQuery) => withQuery('/onlinequestionslist', query),
  doctorQuestions: (doctorId: string | number, query?: ListQuery) =>
    withQuery(`/onlinequestionslistall/${seg(doctorId)}`, query),
  doctorConsultEvaluations: (doctorId: string | number, query?: ListQuery) =>
    withQuery(`/OnlineQuestjudgeList/${seg(doctorId)}`, query),
  onlineDoctorDetail: (appointmentCode: string) => `/onliedoctordetail/${seg(appointmentCode)}`,
  onlineQuestionDetail: (appointmentCode: string) => `/onlinequestionsdetail/${seg(appointmentCode)}`,
  prescriptionPhoto: () => '/batters',
  /** 价格公示: the site's own page of fees and prices, with SPEC §2's external price-publicity link beside them. */
  pricePublicity: () => '/pricePublicity',
  /** 中医体质辨识: the ZYYXH/T157-2009 questionnaire and its result (docs/constitution.md). */
  constitution: () => '/tizhi',
  /** A department (科室) page: its introduction, doctors, illnesses and clinics (docs/doctor-finder.md). */
  department: (name: string, query?: ListQuery) => withQuery(`/department/${seg(name)}`, query),

  // 重点专科
  expertStudio: (classCode?: string, query?: ListQuery) =>
    withQuery(`/expertstudio${optionalSeg(classCode)}`, query),
  expertStudioDetail: (id: string | number) => withQuery('/expertstudiodetails', { id }),
  illnessList: (orgCode?: string, query?: ListQuery) =>
    withQuery(`/illnesslist${optionalSeg(orgCode)}`, query),
  illnessDetail: (id: string | number) => `/illnessdetail/${seg(id)}`,
  workResultDetail: (id: string | number) => withQuery('/workResultDetail', { id }),
  workDynamicDetail: (id: string | number) => withQuery('/workDynamicDetail', { id }),
  specialDetail: (id: string | number) => withQuery('/specialDetail', { id }),

  // 会员服务
  memberServices: () => '/memberServices',
  pointsExchange: (query?: ListQuery) => withQuery('/integralChage', query),
  onlineMall: (query?: ListQuery) => withQuery('/onlineMall', query),
  customerMessage: (query?: ListQuery) => withQuery('/customerMessage', query),
  customerComplaints: (query?: ListQuery) => withQuery('/customerComplaints', query),
  serviceRules: () => '/serviceRules',
  serviceRulesDetail: (id: string | number) => withQuery('/serviceRulesDetail', { id }),
  productDetails: (sn: string) => withQuery('/productDetails', { sn }),
  registrationQuestion: () => '/registrationQuestion',
  membershipIssues: () => '/membershipIssues',
  otherQuestions: () => '/otherQuestions',

  // 圣爱公益
  foundation: () => '/foundation',
  charityActivities: (query?: ListQuery) => withQuery('/foundcutr0068', query),
  healthScience: (query?: ListQuery) => withQuery('/foundcutr0145', query),
  charityNotices: (query?: ListQuery) => withQuery('/foundcutr0069', query),
  foundationContact: () => '/foundationcont',
  foundationDetail: (id: string | number) => withQuery('/foundationdetail', { id }),
  healthScienceDetail: (id: string | number) => withQuery('/healthSciencedetail', { id }),
  noticeDetail: (id: string | number) => withQuery('/noticedetail', { id }),
  foundationList: (query?: ListQuery) => withQuery('/foundationlist', query),

  // 关于我们
  news: (query?: ListQuery) => withQuery('/trendsInfor', query),
  cultureList: (query?: ListQuery) => withQuery('/culturelist', query),
  growingUp: (query?: ListQuery) => withQuery('/saGrowingup', query),
  videos: (query?: ListQuery) => withQuery('/savideo', query),
  glory: (query?: ListQuery) => withQuery('/saGlory', query),
  aboutDirector: () => '/aboutLiu',
  aboutHospital: (query?: ListQuery) => withQuery('/aboutHospital', query),
  systemDetail: (query?: ListQuery) => withQuery('/systemdetail', query),
  systemLogList: (query?: ListQuery) => withQuery('/systemloglist', query),
  systemContent: (query?: ListQuery) => withQuery('/systemcontent', query),
  newsDetail: (id: string | number, classId?: string | number) =>
    `/newtdetail/${seg(id)}${optionalSeg(classId)}`,
  cultureDetail: (id: string | number) => withQuery('/cultureDetail', { id }),
  growingUpDetail: (id: string | number) => withQuery('/Growingupdetail', { id }),
  videoDetail: (id: string | number) => withQuery('/videoDetail', { id }),

  // 登录后 (SPEC §2 login-required)
  userIndex: () => '/userIndex',
  modifyInfo: () => '/modifyInfor',
  registrationRecords: (query?: ListQuery) => withQuery('/dRecord/registration', query),
  /** One appointment: when and where to go, for whom, payment, cancel, reschedule, review (docs/api.md "HIS_Register booking"). */
  registrationDetail: (registerNo: string, query?: ListQuery) => withQuery(`/dRecord/registration/${seg(registerNo)}`, query),
  /** The appointment as an iCalendar file (text/calendar, China time). */
  registrationCalendar: (registerNo: string) => `/dRecord/registration/${seg(registerNo)}/appointment.ics`,
  /** 就诊人: the people the member books for (docs/api.md "HIS_Register patients"). */
  patients: (query?: ListQuery) => withQuery('/dRecord/patients', query),
  /** 体质档案: the member's kept 体质辨识 results and what changed (docs/constitution.md). */
  constitutionArchive: () => '/dRecord/constitution',
  /** 兑换记录: the member's points-mall exchanges (the site's extension; docs/api.md GetExchangeList). */
  exchangeRecords: (query?: ListQuery) => withQuery('/dRecord/exchange', query),
  /** 积分明细: what each paid booking earned, each refund took back and each exchange spent (docs/api.md GetPointsLog). */
  pointsLog: (query?: ListQuery) => withQuery('/dRecord/points', query),
  /** 图文问诊: ask a doctor who consults online (docs/api.md "IM_AskQuestion: asking a doctor"); the URL names the doctor, so it survives the login dialog. */
  askDoctor: (doctorCode: string) => withQuery('/ask', { doctor: doctorCode }),
  /** 我的问诊: the member's questions with their states. */
  asks: (query?: ListQuery) => withQuery('/dRecord/consultation', query),
  /** One question: the conversation, payment, the follow-up and the rating. */
  askDetail: (askNo: string) => `/dRecord/consultation/${seg(askNo)}`,
  /** A photo of the member's own question: served to the asker only, never cached (Cache-Control: private, no-store). */
  askPhoto: (askNo: string, photoId: number) => `/ask-photo/${seg(askNo)}/${seg(String(photoId))}`,
  /** Booking one schedule slot; the URL names the slot, so it survives the login dialog and can be shared. */
  booking: (slot: string, query?: ListQuery) => withQuery('/booking', { slot, ...query }),

  /**
   * SPEC §4 guard: home with the marker that shows 请先登录 and opens the login
   * dialog; `next` (a same-site path) is where a successful login continues.
   */
  loginRequired: loginRequiredPath,
  /** Home with the login dialog open (e.g. after a WeChat code that needs a login). */
  loginDialog: (query?: ListQuery) => withQuery('/', { login: 'open', ...query }),

  /** The login dialog's WeChat entry (app/auth/wechat): WeChat QR login, or the dev authorize step. */
  wechatLogin: (openid?: string) => withQuery('/auth/wechat', { openid }),
  sessionMe: sessionMePath,
  sessionFavourites: sessionFavouritesPath,

  notFound: () => '/404',
  redirect: (internalPath: string) => `/redirect${internalPath.startsWith('/') ? '' : '/'}${internalPath}`,
} as const;

export type RouteName = keyof typeof routes;

/** SPEC §2 login-required pages; proxy.ts and every member page guard these. */
export const LOGIN_REQUIRED_PATHS = ['/userIndex', '/modifyInfor', '/dRecord/registration', '/dRecord/exchange', '/dRecord/points', '/dRecord/patients', '/dRecord/constitution', '/booking', '/dRecord/consultation', '/ask'] as const;

/**
 * One question's page (/dRecord/consultation/{askNo}) answers 404 to anyone but its asker, a visitor too, so
 * nothing tells that a question exists (docs/api.md "IM_AskQuestion: asking a doctor"): no login redirect.
 * It is member data all the same, never kept by a cache (lib/page-cache/policy.ts).
 */
export const ASKER_ONLY_PAGE = /^\/dRecord\/consultation\/[^/]+$/;

/**
 * Login-required pages kept as one shell for every member (docs/decisions.md "Member pages: a kept shell, the
 * member's part read by the browser"): the page cache keeps their HTML, which holds no member data, and the
 * member's part is a client island that reads a private `/session/...` route. proxy.ts still sends a visitor
 * without the refresh cookie to the 请先登录 flow first. Matched whole, as the path is.
 */
export const MEMBER_SHELL_PATHS = ['/userIndex', '/modifyInfor', '/dRecord/registration', '/dRecord/points', '/dRecord/exchange', '/dRecord/consultation', '/dRecord/patients'] as const;

export function isMemberShellPath(pathname: string): boolean {
  return (MEMBER_SHELL_PATHS as readonly string[]).includes(pathname);
}

export function isLoginRequiredPath(pathname: string): boolean {
  if (ASKER_ONLY_PAGE.test(pathname)) return false;
  return LOGIN_REQUIRED_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export interface NavLink {
  label: string;
  href: string;
  external?: boolean;
}

/**
 * 加入我们 (SPEC §2: social and campus recruitment): the group's recruitment site when RECRUIT_SOCIAL_URL /
 * RECRUIT_CAMPUS_URL name one, else the site's own openings of that channel on the group page (never a made-up host).
 */
export function recruitLink(channel: 'social' | 'campus'): { href: string; external: boolean } {
  const url = channel === 'social' ? externalLinks.recruitSocial : externalLinks.recruitCampus;
  return url ? { href: url, external: true } : { href: `${routes.aboutHospital({ jobChannel: channel })}#join-us`, external: false };
}

export interface NavGroup {
  label: string;
  href: string;
  links: NavLink[];
  /** Sub-groups shown under a heading (帮助中心). */
  sections?: { label: string; links: NavLink[] }[];
}

/** The main navigation: every group of SPEC §2 and its sub-links. */
export const navGroups: NavGroup[] = [
  { label: '首页', href: routes.home(), links: [] },
  {
    label: '看诊服务',
    href: routes.doctorList(),
    links: [
      { label: '找医生', href: routes.doctorList() },
      { label: '找门诊', href: routes.hospitalList() },
      { label: '在线问诊', href: routes.onlineExpert() },
      { label: '在线问答', href: routes.onlineQuestions() },
      { label: '体质辨识', href: routes.constitution() },
      { label: '门诊评价', href: routes.hospitalEvaluateAll() },
      { label: '拍方抓药', href: routes.prescriptionPhoto() },
      { label: '价格公示', href: routes.pricePublicity() },
    ],
  },
  {
    label: '重点专科',
    href: routes.expertStudio(),
    links: [
      { label: '名医工作室', href: routes.expertStudio() },
      { label: '疾病专科', href: routes.illnessList() },
    ],
  },
  {
    label: '会员服务',
    href: routes.memberServices(),
    links: [
      { label: '会员权益', href: routes.memberServices() },
      { label: '积分兑换', href: routes.pointsExchange() },
      { label: '积分商城', href: routes.onlineMall() },
      { label: '客户留言', href: routes.customerMessage() },
      { label: '投诉建议', href: routes.customerComplaints() },
      { label: '服务条款', href: routes.serviceRules() },
    ],
    sections: [
      {
        label: '帮助中心',
        links: [
          { label: '挂号问题', href: routes.registrationQuestion() },
          { label: '会员问题', href: routes.membershipIssues() },
          { label: '其他问题', href: routes.otherQuestions() },
        ],
      },
    ],
  },
  {
    label: '圣爱公益',
    href: routes.foundation(),
    links: [
      { label: '基金会介绍', href: routes.foundation() },
      { label: '公益活动', href: routes.charityActivities() },
      { label: '健康科普', href: routes.healthScience() },
      { label: '通知公告', href: routes.charityNotices() },
      { label: '公益项目', href: routes.foundationList() },
      { label: '联系我们', href: routes.foundationContact() },
    ],
  },
  {
    label: '关于我们',
    href: routes.aboutHospital(),
    links: [
      { label: '集团简介', href: routes.aboutHospital() },
      { label: '创始人', href: routes.aboutDirector() },
      { label: '圣爱动态', href: routes.news() },
      { label: '企业文化', href: routes.cultureList() },
      { label: '圣爱成长', href: routes.growingUp() },
      { label: '圣爱视频', href: routes.videos() },
      { label: '圣爱荣誉', href: routes.glory() },
      { label: '制度建设', href: routes.systemDetail() },
    ],
  },
  {
    label: '加入我们',
    href: recruitLink('social').href,
    links: [
      { label: '社会招聘', ...recruitLink('social') },
      { label: '校园招聘', ...recruitLink('campus') },
    ],
  },
];

/**
 * Public routes without parameters, for the sitemap and the route audits.
 * Detail pages are added from the API by app/sitemap.ts.
 */
export const staticPublicPaths: string[] = [
  routes.home(),
  routes.search(),
  routes.doctorList(),
  routes.hospitalList(),
  routes.hospitalEvaluateAll(),
  routes.onlineExpert(),
  routes.onlineQuestions(),
  routes.prescriptionPhoto(),
  routes.pricePublicity(),
  routes.constitution(),
  routes.expertStudio(),
  routes.illnessList(),
  routes.memberServices(),
  routes.pointsExchange(),
  routes.onlineMall(),
  routes.customerMessage(),
  routes.customerComplaints(),
  routes.serviceRules(),
  routes.registrationQuestion(),
  routes.membershipIssues(),
  routes.otherQuestions(),
  routes.foundation(),
  routes.charityActivities(),
  routes.healthScience(),
  routes.charityNotices(),
  routes.foundationContact(),
  routes.foundationList(),
  routes.news(),
  routes.cultureList(),
  routes.growingUp(),
  routes.videos(),
  routes.glory(),
  routes.aboutDirector(),
  routes.aboutHospital(),
  routes.systemDetail(),
  routes.systemLogList(),
];
