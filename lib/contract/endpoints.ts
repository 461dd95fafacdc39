/**
 * The endpoint table: every path of SPEC §7 with who may call it, the fields a request sends and the Result it
 * answers (docs/architecture.md "The endpoint table"). Both sides are typed by it: lib/api's `post()` takes a path of
 * this table and its fields and returns its Result, and each handler of lib/backend is registered for a path and
 * must return that path's Result. A field renamed or retyped on either side fails `tsc`
 * (test/endpoint-table.test.ts shows it).
 *
 * Request fields are what the client sends before form encoding (a number goes out as its digits, a Blob as a file
 * part); the backend reads every one of them back as a string (lib/backend/fields.ts). Optional fields may be
 * undefined: the client leaves them out of the body. A Result of `null` is an endpoint that answers nothing.
 */
import type {
  WireImageCode,
  WireImageCodeAudio,
  WireIpLocation,
  WirePhoneCheck,
  WirePhoneVerified,
  WireSmsSent,
  WireTokens,
  WireWebUrl,
} from './auth';
import type { WireBookingSlot, WireRegistration } from './booking';
import type { WireDepartment, WireOrg, WireOrgImage, WireSaleType } from './clinics';
import type { WireConstitutionRecord, WireConstitutionRecords } from './constitution';
import type {
  WireDevAnswered,
  WireDevCard,
  WireDevFailNext,
  WireDevSpentCeiling,
  WireDevFilledSlot,
  WireDevRefreshCount,
  WireDevSmsCode,
  WireDevSmsNotice,
  WireDevVisited,
  WireDevWechatCode,
} from './dev';
import type { WireDone, WireList } from './envelope';
import type { WireDoctor, WireDoctorScheduleDay, WireFilterCounts, WireSlot } from './doctors';
import type { WireEvaluateRatio, WireEvaluation, WireVisitReview } from './evaluations';
import type { JobChannel, WireJob, WireJobCompany, WireJobType } from './jobs';
import type {
  WireAgreement,
  WireCollectedState,
  WireFavouriteClinic,
  WireFavouriteDoctor,
  WireMember,
  WirePatient,
  WirePatientDeleted,
  WirePatientList,
  WireRight,
  WireRightsList,
  WireToggle,
} from './members';
import type { WireMessage, WireMessageAdded, WireSource } from './messages';
import type { WireMatrixAccount, WireMatrixType, WireNewsDetail, WireNews, WireNotice, WireSlide, WireYear } from './news';
import type { WireAsk, WireAskPhotoData, WireOnlineState, WireQuestion } from './online';
import type { WireExchangeOrder, WireExchangeRecord, WireGoods, WireGoodsList, WirePointsLogEntry } from './points';
import type { WirePriceList } from './prices';
import type {
  WireCity,
  WireHotWord,
  WireHotWordHit,
  WireInsurance,
  WireProvince,
  WireShift,
  WireStyleDisplay,
  WireThirdApp,
  WireUserNum,
} from './reference';
import type {
  WireDiseaseType,
  WireIllness,
  WireSpecial,
  WireSpecialClass,
  WireSpecialtyType,
  WireStudio,
  WireStudioClassCount,
  WireStudioMenu,
} from './specialties';
import type { WireDoc, WireLog, WireSystemMenu } from './system';

/** Who may call an endpoint (lib/backend/types.ts `Access`): anyone, or a member with a bound VIP (SPEC §8 4001/4004). */
export type EndpointAccess = 'public' | 'member';

/** The paging fields of every list (SPEC §7). */
interface Paged {
  PageIndex?: number;
  PageSize?: number;
}

/** One ID or another of the same record (a doctor by code or by number). */
interface DoctorRef {
  AppointmentCode?: string;
  DoctorID?: number;
}

/** The doctor finder's filters (docs/doctor-finder.md), sent by the doctor lists and their counts. */
interface DoctorFilterFields {
  ProvinceID?: number;
  Keyword?: string;
  HospitalCode?: string;
  Department?: string;
  DoctorTitle?: string;
  IsOnline?: number;
  IllnessID?: number;
  Date?: string;
}

interface DoctorListFields extends DoctorFilterFields, Paged {
  Sort?: string;
}

/** Whose evaluations (TW_Evaluate): a doctor, a clinic, or where they came from. */
interface EvaluationTargetFields extends DoctorRef {
  HospitalCode?: string;
  Source?: number;
}

/** A phone and the SMS code sent to it (SPEC §4 logins, registration, activation). */
interface PhoneCode {
  Phone: string;
  Code: string;
}

/** A list whose Result carries its rows and count only (no paging). */
interface Rows<T> {
  DataList: T[];
  TotalCount: number;
}

/** Nothing to send. */
type None = Record<never, never>;

/**
 * A call that a spent site-wide ceiling answers with a proof-of-work challenge (lib/contract/proof.ts): sent again
 * with the solution in `Proof` (PROOF_FIELD), it passes (docs/security.md "The slower path").
 */
type WithProof<T> = T & { Proof?: string };

/**
 * Every endpoint, keyed by its path below /api/. An entry's `access` is the backend's (the router refuses a member
 * call without a member token), `fields` what the client sends, `result` the envelope's Result.
 */
export interface Endpoints {
  // AuthenticationCenter (SPEC §7 Login)
  'AuthenticationCenter/GetVisitorToken': { access: 'public'; fields: None; result: WireTokens };
  'AuthenticationCenter/GetPcTokenByURefreshToken': { access: 'public'; fields: { refresh_token: string }; result: WireTokens };
  'AuthenticationCenter/PcPwdLogin': { access: 'public'; fields: WithProof<{ Phone: string; Password: string }>; result: WireTokens };
  'AuthenticationCenter/SendSmsVerifyCode': {
    access: 'public';
    fields: WithProof<{ Phone: string; Type?: string; ImgKey?: string; ImgCode?: string }>;
    result: WireSmsSent;
  };
  'AuthenticationCenter/VerifyPhoneCode': { access: 'public'; fields: WithProof<PhoneCode>; result: WirePhoneVerified };
  'AuthenticationCenter/RndVcodeNum': { access: 'public'; fields: None; result: WireImageCode };
  'AuthenticationCenter/RndVcodeAudio': { access: 'public'; fields: { Key: string }; result: WireImageCodeAudio };
  'AuthenticationCenter/PcPhoneLogin': { access: 'public'; fields: WithProof<PhoneCode>; result: WireTokens };
  'AuthenticationCenter/PcWechatLogin': { access: 'public'; fields: { Code: string }; result: WireTokens };
  'AuthenticationCenter/Restapi': { access: 'public'; fields: None; result: WireIpLocation };
  'AuthenticationCenter/OutLogin': { access: 'public'; fields: { refresh_token: string }; result: WireDone };

  // VIP_Member (SPEC §7 Members)
  'VIP_Member/PCVipCheckByPhone': { access: 'public'; fields: WithProof<PhoneCode>; result: WirePhoneCheck };
  'VIP_Member/ActivationPcVipCard': {
    access: 'public';
    fields: WithProof<PhoneCode & { CardNo: string; Password: string }>;
    result: WireTokens;
  };
  'VIP_Member/InsertPCVip': {
    access: 'public';
    fields: WithProof<PhoneCode & { VipName: string; Password: string; IDCard?: string; AgreeFlag: number }>;
    result: WireTokens;
  };
  'VIP_Member/ResetPwd': { access: 'public'; fields: WithProof<PhoneCode & { Password: string }>; result: WireDone };
  'VIP_Member/GetVIPMember': { access: 'member'; fields: None; result: WireMember };
  'VIP_Member/GetVIP_MemberByVipCode': { access: 'member'; fields: { VipCode: string }; result: WireMember };
  'VIP_Member/UpdateVipinformation': {
    access: 'member';
    fields: { VipName: string; Sex?: number; Birthday?: string; IDCard?: string; Email?: string; Address?: string };
    result: WireMember;
  };
  'VIP_Member/GetSysMemberRightsList': { access: 'public'; fields: None; result: WireRightsList };
  'VIP_Member/GetSysMemberRights': { access: 'public'; fields: { ID: number }; result: WireRight };

  // SYS_Agreement
  'SYS_Agreement/GetList': { access: 'public'; fields: None; result: Rows<WireAgreement> };
  'SYS_Agreement/GetSigin': { access: 'public'; fields: { ID: number } | { Code: string }; result: WireAgreement };

  // TW_Org (clinics) and reference data
  'TW_Org/GetProvincetList': { access: 'public'; fields: None; result: Rows<WireProvince> };
  'TW_Org/GetSaleType': { access: 'public'; fields: None; result: Rows<WireSaleType> };
  'TW_Org/GetAliyunCity': { access: 'public'; fields: { Ip: string }; result: { ReturnObject: WireCity } };
  'TW_Org/GetOrgList': {
    access: 'public';
    fields: Paged & { ProvinceID?: number; Keyword?: string; SaleTypeID?: number; Lat?: number; Lng?: number };
    result: WireList<WireOrg>;
  };
  'TW_Org/GetOrgSingle': { access: 'public'; fields: { HospitalCode: string }; result: { ReturnObject: WireOrg } };
  'TW_Org/GetOrgEnvironmentImage': { access: 'public'; fields: { HospitalCode: string }; result: Rows<WireOrgImage> };
  'TW_Org/GetSchedOrgList': { access: 'public'; fields: { HospitalCode: string; Date?: string }; result: Rows<WireSlot> };
  'DD_DataBaseClient/GetMedicalInsurance': { access: 'public'; fields: { HospitalCode?: string }; result: Rows<WireInsurance> };
  'DD_DataBaseClient/GetDataBaseShift': { access: 'public'; fields: None; result: Rows<WireShift> };
  'DD_DataBaseClient/GetPriceList': { access: 'public'; fields: None; result: WirePriceList };
  'WechatClient/PcWebUrl': { access: 'public'; fields: { PlatformType: string; url: string; Parms?: string }; result: WireWebUrl };

  // News (news, carousels, banners, notices, the matrix, jobs)
  'News/GetTW_MatrixType': { access: 'public'; fields: None; result: WireList<WireMatrixType> };
  'News/GetTW_MatrixDetail': { access: 'public'; fields: { TypeID?: number }; result: WireList<WireMatrixAccount> };
  'News/GetIndexCarouse': { access: 'public'; fields: None; result: WireList<WireSlide> };
  'News/GetNewsCarouse': { access: 'public'; fields: None; result: WireList<WireSlide> };
  'News/GetNewsBanner': { access: 'public'; fields: { Place?: string }; result: WireList<WireSlide> };
  'News/GetyearList': { access: 'public'; fields: { type?: number; Type?: number }; result: WireList<WireYear> };
  'News/GetNewDetail': { access: 'public'; fields: { ID: number; ClassID?: number }; result: WireNewsDetail };
  'News/GetTW_Notice': { access: 'public'; fields: Paged; result: WireList<WireNotice> };
  'News/GetNewList': {
    access: 'public';
    /** type and keyword as SPEC §7 spells them; Type and Keyword are read too. */
    fields: Paged & { type?: number; Type?: number; keyword?: string; Keyword?: string; ProciceID?: number; Year?: number };
    result: WireList<WireNews>;
  };
  'News/GetTW_SpiderJobsTypeName': { access: 'public'; fields: None; result: WireList<WireJobType> };
  'News/GetTW_SpiderJobsTypeConmpany': { access: 'public'; fields: None; result: WireList<WireJobCompany> };
  'News/GetTW_SpiderJobs': {
    access: 'public';
    fields: Paged & { TypeID?: number; CompanyID?: number; Channel?: JobChannel };
    result: WireList<WireJob>;
  };

  // TW_User (doctors, schedules, studios, departments, site figures)
  'TW_User/GetDoctorPageList': { access: 'public'; fields: DoctorListFields; result: WireList<WireDoctor> };
  'TW_User/GetDoctorList': { access: 'public'; fields: DoctorListFields; result: WireList<WireDoctor> };
  'TW_User/GetDoctorSingle': { access: 'public'; fields: DoctorRef; result: { ReturnObject: WireDoctor } };
  'TW_User/GetScheduleList': { access: 'public'; fields: DoctorRef & { Days?: number }; result: Rows<WireSlot> };
  'TW_User/GetDoctorSchedule': { access: 'public'; fields: DoctorRef & { Date?: string }; result: Rows<WireSlot> };
  'TW_User/GetDoctorScheduleNew': { access: 'public'; fields: DoctorRef; result: Rows<WireDoctorScheduleDay> };
  'TW_User/GetOrgDoctorList': {
    access: 'public';
    fields: DoctorListFields & { HospitalCode: string };
    result: WireList<WireDoctor>;
  };
  /** With StudioID the studio and its menu; without, the classes of studios with their counts. */
  'TW_User/GetStudioMenu': {
    access: 'public';
    fields: { StudioID?: number };
    result: { ReturnObject: WireStudioMenu } | Rows<WireStudioClassCount>;
  };
  'TW_User/GetStudioList': { access: 'public'; fields: Paged & { ClassCode?: string; Keyword?: string }; result: WireList<WireStudio> };
  'TW_User/GetDoctorFilterCounts': { access: 'public'; fields: DoctorFilterFields; result: { ReturnObject: WireFilterCounts } };
  'TW_User/GetDepartmentList': { access: 'public'; fields: { ProvinceID?: number }; result: Rows<WireDepartment> };
  'TW_User/GetDepartment': { access: 'public'; fields: { Name: string }; result: { ReturnObject: WireDepartment } };
  'TW_User/GetUserNums': { access: 'public'; fields: None; result: WireList<WireUserNum> };
  'TW_User/GetStyleDisplay': { access: 'public'; fields: None; result: WireStyleDisplay };
  'TW_User/GetThirdAppInfo': { access: 'public'; fields: None; result: WireList<WireThirdApp> };

  // Specialties, studios' articles, illnesses
  'HIS_Specialty/GetHIS_SpecialtyConfigurationType': { access: 'public'; fields: None; result: Rows<WireSpecialtyType> };
  /** A page of illnesses, or with ID one illness as ReturnObject. */
  'HIS_Specialty/GeHIS_SpecialtyConfiguration': {
    access: 'public';
    fields: Paged & {
      ID?: number;
      TypeID?: number;
      DiseaseTypeID?: number;
      HospitalCode?: string;
      Keyword?: string;
      Sort?: string;
      Distinct?: number;
    };
    result: WireList<WireIllness> | { ReturnObject: WireIllness };
  };
  'TW_Class/GetSpeciaClass': { access: 'public'; fields: None; result: Rows<WireSpecialClass> };
  'TW_Special/GetSpecialList': {
    access: 'public';
    fields: Paged & { SpecialType?: number; StudioID?: number };
    result: WireList<WireSpecial>;
  };
  'TW_Special/GetSpecialSingle': { access: 'public'; fields: { ID: number }; result: { ReturnObject: WireSpecial } };
  'TW_Special/GetDoctorSpecialList': { access: 'public'; fields: Paged & DoctorRef; result: WireList<WireSpecial> };
  'TW_DiseaseType/GetDiseaseTypeList': { access: 'public'; fields: None; result: Rows<WireDiseaseType> };

  // TW_Class (the group's rules and the site's change log)
  'TW_Class/GetSystemMenu': { access: 'public'; fields: None; result: WireList<WireSystemMenu> };
  'TW_Class/GetSystemList': { access: 'public'; fields: Paged & { ClassID?: number; ID?: number }; result: WireList<WireDoc> };
  'TW_Class/GetLogList': { access: 'public'; fields: Paged; result: WireList<WireLog> };
  'TW_Class/GetLogListDetail': { access: 'public'; fields: { ID: number }; result: WireLog };

  // Online consultation
  'IM_InterrogationOrder/DoctorIsOnline': {
    access: 'public';
    fields: { DoctorIDs?: string; DoctorID?: number; AppointmentCode?: string };
    result: Rows<WireOnlineState>;
  };
  /** A page of answered questions, or with AppointmentCode one question as ReturnObject. */
  'IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode': {
    access: 'public';
    fields: Paged & DoctorRef & { DoctorCode?: string; QuestionType?: string; IsReply?: string; Keyword?: string };
    result: WireList<WireQuestion> | { ReturnObject: WireQuestion };
  };
  'IM_AskQuestion/AskQuestion': {
    access: 'member';
    fields: {
      DoctorID: number;
      PatientID: number;
      Content: string;
      Duration: string;
      SeenDoctor: number;
      IsPrivate: number;
      IdempotencyKey: string;
      /** The photos, one file part each (sent as Photo). */
      [photo: `Photo[${number}]`]: Blob;
    };
    result: WireAsk;
  };
  'IM_AskQuestion/PayAskQuestion': { access: 'member'; fields: { AskNo: string }; result: WireAsk };
  'IM_AskQuestion/AddAskFollowUp': { access: 'member'; fields: { AskNo: string; Content: string }; result: WireAsk };
  'IM_AskQuestion/RateAskQuestion': {
    access: 'member';
    fields: { AskNo: string; Satisfaction: number; Content?: string };
    result: WireAsk;
  };
  'IM_AskQuestion/GetMyAskQuestionList': { access: 'member'; fields: Paged; result: WireList<WireAsk> };
  'IM_AskQuestion/GetMyAskQuestion': { access: 'member'; fields: { AskNo: string }; result: WireAsk };
  'IM_AskQuestion/GetAskPhoto': { access: 'member'; fields: { AskNo: string; PhotoID: number }; result: WireAskPhotoData };

  // Favourites
  'WX_OrgCollectionClent/AddOrgCollection': { access: 'member'; fields: { CollectionType: number; Code: string }; result: WireToggle };
  'WX_OrgCollectionClent/CannelCollection': { access: 'member'; fields: { CollectionType: number; Code: string }; result: WireToggle };
  'WX_OrgCollectionClent/GetVipCodeOrgCollection': { access: 'member'; fields: Paged; result: WireList<WireFavouriteClinic> };
  'WX_OrgCollectionClent/GetOrgCollection': {
    access: 'member';
    fields: { CollectionType: number; Codes?: string; HospitalCode?: string };
    result: Rows<WireCollectedState>;
  };
  'WX_DoctorCollectionClent/GetDoctorCollection': { access: 'member'; fields: Paged; result: WireList<WireFavouriteDoctor> };

  // Evaluations
  'TW_Evaluate/GetTW_EvaluateDetailsList': {
    access: 'public';
    fields: Paged & EvaluationTargetFields & { Satisfaction?: string; EvaluateType?: string; HasContent?: string };
    result: WireList<WireEvaluation>;
  };
  'TW_Evaluate/GetEvaluateRatio': { access: 'public'; fields: EvaluationTargetFields; result: { ReturnObject: WireEvaluateRatio } };
  'TW_Evaluate/AddRegisterEvaluate': {
    access: 'member';
    fields: { RegisterNo: string; Stars: number; Content: string };
    result: WireVisitReview;
  };

  // Messages
  'TW_Message/GetMessageSrouce': { access: 'public'; fields: { Type?: number }; result: Rows<WireSource> };
  'TW_Message/AddTW_Message': {
    access: 'member';
    fields: { Type: number; SourceID: number; Title?: string; Content: string; ContactPhone?: string };
    result: WireMessageAdded;
  };
  'TW_Message/GetMessageList': { access: 'member'; fields: Paged & { Type?: number }; result: WireList<WireMessage> };

  // Points mall
  'PointsMall/GetPointsMallList': {
    access: 'public';
    fields: Paged & { Sort?: string; Category?: string };
    result: WireGoodsList;
  };
  'PointsMall/GetPointsMallBySN': { access: 'public'; fields: { SN: string }; result: WireGoods };
  'PointsMall/GetPointsLog': { access: 'member'; fields: Paged; result: WireList<WirePointsLogEntry> };
  'PointsMall/ExchangeGoods': {
    access: 'member';
    fields: { SN: string; Quantity?: number; IdempotencyKey: string };
    result: WireExchangeOrder;
  };
  'PointsMall/GetExchangeList': { access: 'member'; fields: Paged; result: WireList<WireExchangeRecord> };

  // Search
  'TW_HotWords/GetHotWordsList': { access: 'public'; fields: { PageSize?: number }; result: WireList<WireHotWord> };
  /** Word, or keyword as News/GetNewList spells it. */
  'TW_HotWords/InsertHotWords': { access: 'public'; fields: { Word: string; keyword?: string; ClientIP?: string }; result: WireHotWordHit };

  // HIS_Register (bookings and patients)
  'HIS_Register/GetRegisterList': { access: 'member'; fields: Paged & { Status?: number }; result: WireList<WireRegistration> };
  'HIS_Register/GetScheduleSlot': { access: 'public'; fields: { ScheduleID: string }; result: WireBookingSlot };
  'HIS_Register/BookRegister': {
    access: 'member';
    fields: { ScheduleID: string; IdempotencyKey: string; PatientID?: number };
    result: WireRegistration;
  };
  'HIS_Register/RescheduleRegister': { access: 'member'; fields: { RegisterNo: string; ScheduleID: string }; result: WireRegistration };
  'HIS_Register/PayRegister': { access: 'member'; fields: { RegisterNo: string }; result: WireRegistration };
  'HIS_Register/CancelRegister': { access: 'member'; fields: { RegisterNo: string }; result: WireRegistration };
  'HIS_Register/GetRegister': { access: 'member'; fields: { RegisterNo: string }; result: WireRegistration };
  'HIS_Register/GetPatientList': { access: 'member'; fields: None; result: WirePatientList };
  'HIS_Register/AddPatient': {
    access: 'member';
    fields: WithProof<{ Name: string; Relation: string; IDCard?: string; Phone?: string; ConsentCode?: string; ImgKey?: string; ImgCode?: string }>;
    result: WirePatient;
  };
  'HIS_Register/UpdatePatient': {
    access: 'member';
    fields: WithProof<{ PatientID: number; Name: string; Relation: string; IDCard?: string; Phone?: string; ConsentCode?: string; ImgKey?: string; ImgCode?: string }>;
    result: WirePatient;
  };
  'HIS_Register/DeletePatient': { access: 'member'; fields: { PatientID: number }; result: WirePatientDeleted };

  // TW_Constitution (the constitution self-test's archive)
  'TW_Constitution/AddRecord': { access: 'member'; fields: { Sex: number; Answers: string }; result: WireConstitutionRecord };
  'TW_Constitution/GetRecordList': { access: 'member'; fields: { PageSize?: number }; result: WireConstitutionRecords };

  // Dev: the development aids (docs/api.md; answered only with DEV aids on)
  'Dev/FailNext': { access: 'public'; fields: { Path: string; Token?: string; Match?: string }; result: WireDevFailNext };
  'Dev/SpendCeiling': { access: 'public'; fields: { Name: string; Phone: string }; result: WireDevSpentCeiling };
  'Dev/GetSmsOutbox': { access: 'public'; fields: { Phone: string }; result: WireDevSmsCode };
  'Dev/IssueCard': { access: 'public'; fields: { Phone: string; HolderName?: string }; result: WireDevCard };
  'Dev/GetRefreshCount': { access: 'public'; fields: { Phone: string }; result: WireDevRefreshCount };
  'Dev/WechatAuthorize': { access: 'public'; fields: { OpenID?: string }; result: WireDevWechatCode };
  'Dev/FillSlot': { access: 'public'; fields: { ScheduleID: string; Leave?: number }; result: WireDevFilledSlot };
  'Dev/MarkVisited': { access: 'public'; fields: { RegisterNo: string }; result: WireDevVisited };
  'Dev/GetSmsNotices': { access: 'public'; fields: { Phone: string }; result: Rows<WireDevSmsNotice> };
  'Dev/AnswerQuestion': { access: 'public'; fields: { AskNo: string; Content?: string }; result: WireDevAnswered };
}

/** A path of the table, e.g. 'News/GetNewList'. */
export type EndpointPath = keyof Endpoints;

/** The fields a call of P sends. */
export type FieldsOf<P extends EndpointPath> = Endpoints[P]['fields'];

/** The Result a call of P answers. */
export type ResultOf<P extends EndpointPath> = Endpoints[P]['result'];

/** Who may call P. */
export type AccessOf<P extends EndpointPath> = Endpoints[P]['access'];

/** The fields argument of a call of P: it may be left out when P requires none. */
export type FieldsArgs<P extends EndpointPath> = Record<never, never> extends FieldsOf<P> ? [fields?: FieldsOf<P>] : [fields: FieldsOf<P>];

/** The arguments after the path of a call of P: its fields, then the caller's options. */
export type CallArgs<P extends EndpointPath, O> = [...FieldsArgs<P>, options?: O];
