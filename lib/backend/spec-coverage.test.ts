import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from './handlers';
import { createBackend } from './router';

/** Every path of SPEC §7, written out (84). */
const SPEC_PATHS = [
  'AuthenticationCenter/GetPcTokenByURefreshToken',
  'AuthenticationCenter/GetVisitorToken',
  'AuthenticationCenter/OutLogin',
  'AuthenticationCenter/PcPhoneLogin',
  'AuthenticationCenter/PcPwdLogin',
  'AuthenticationCenter/PcWechatLogin',
  'AuthenticationCenter/Restapi',
  'AuthenticationCenter/RndVcodeNum',
  'AuthenticationCenter/SendSmsVerifyCode',
  'AuthenticationCenter/VerifyPhoneCode',
  'DD_DataBaseClient/GetDataBaseShift',
  'DD_DataBaseClient/GetMedicalInsurance',
  'HIS_Register/GetRegisterList',
  'HIS_Specialty/GeHIS_SpecialtyConfiguration',
  'HIS_Specialty/GetHIS_SpecialtyConfigurationType',
  'IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode',
  'IM_InterrogationOrder/DoctorIsOnline',
  'News/GetIndexCarouse',
  'News/GetNewDetail',
  'News/GetNewList',
  'News/GetNewsBanner',
  'News/GetNewsCarouse',
  'News/GetTW_MatrixDetail',
  'News/GetTW_MatrixType',
  'News/GetTW_Notice',
  'News/GetTW_SpiderJobs',
  'News/GetTW_SpiderJobsTypeConmpany',
  'News/GetTW_SpiderJobsTypeName',
  'News/GetyearList',
  'PointsMall/ExchangeGoods',
  'PointsMall/GetPointsMallBySN',
  'PointsMall/GetPointsMallList',
  'SYS_Agreement/GetList',
  'SYS_Agreement/GetSigin',
  'TW_Class/GetLogList',
  'TW_Class/GetLogListDetail',
  'TW_Class/GetSpeciaClass',
  'TW_Class/GetSystemList',
  'TW_Class/GetSystemMenu',
  'TW_DiseaseType/GetDiseaseTypeList',
  'TW_Evaluate/GetEvaluateRatio',
  'TW_Evaluate/GetTW_EvaluateDetailsList',
  'TW_HotWords/GetHotWordsList',
  'TW_HotWords/InsertHotWords',
  'TW_Message/AddTW_Message',
  'TW_Message/GetMessageList',
  'TW_Message/GetMessageSrouce',
  'TW_Org/GetAliyunCity',
  'TW_Org/GetOrgEnvironmentImage',
  'TW_Org/GetOrgList',
  'TW_Org/GetOrgSingle',
  'TW_Org/GetProvincetList',
  'TW_Org/GetSaleType',
  'TW_Org/GetSchedOrgList',
  'TW_Special/GetDoctorSpecialList',
  'TW_Special/GetSpecialList',
  'TW_Special/GetSpecialSingle',
  'TW_User/GetDoctorList',
  'TW_User/GetDoctorPageList',
  'TW_User/GetDoctorSchedule',
  'TW_User/GetDoctorScheduleNew',
  'TW_User/GetDoctorSingle',
  'TW_User/GetOrgDoctorList',
  'TW_User/GetScheduleList',
  'TW_User/GetStudioList',
  'TW_User/GetStudioMenu',
  'TW_User/GetStyleDisplay',
  'TW_User/GetThirdAppInfo',
  'TW_User/GetUserNums',
  'VIP_Member/ActivationPcVipCard',
  'VIP_Member/GetSysMemberRights',
  'VIP_Member/GetSysMemberRightsList',
  'VIP_Member/GetVIPMember',
  'VIP_Member/GetVIP_MemberByVipCode',
  'VIP_Member/InsertPCVip',
  'VIP_Member/PCVipCheckByPhone',
  'VIP_Member/ResetPwd',
  'VIP_Member/UpdateVipinformation',
  'WX_DoctorCollectionClent/GetDoctorCollection',
  'WX_OrgCollectionClent/AddOrgCollection',
  'WX_OrgCollectionClent/CannelCollection',
  'WX_OrgCollectionClent/GetOrgCollection',
  'WX_OrgCollectionClent/GetVipCodeOrgCollection',
  'WechatClient/PcWebUrl',
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-coverage-'));
const backend = createBackend({ dbPath: path.join(dir, 'site.db') });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the embedded backend implements every path of SPEC §7', () => {
  it('lists 84 distinct paths', () => {
    expect(new Set(SPEC_PATHS).size).toBe(84);
  });

  it.each(SPEC_PATHS)('%s is registered and answers with the envelope', async (apiPath) => {
    expect(Object.hasOwn(endpoints, apiPath)).toBe(true);
    const response = await backend.handle(
      new Request(`http://x/api/${apiPath}?IsWeb=1&Sub=`, { method: 'POST', body: new URLSearchParams() }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ErrorNo: unknown; ErrorInfo: unknown };
    expect(typeof body.ErrorNo).toBe('number');
    expect(typeof body.ErrorInfo).toBe('string');
    expect(body.ErrorNo).not.toBe(500);
  });
});
