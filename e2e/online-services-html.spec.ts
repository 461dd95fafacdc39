/**
 * SPEC §2: for every route of 看诊服务 and 重点专科, the server's first HTML
 * (no JavaScript) holds the page's main content, with status 200; unknown
 * codes are 404; malformed parameters are 404, never a 500.
 */
import { expect, test } from '@playwright/test';

const PAGES: [path: string, mustContain: string[]][] = [
  ['/doctorlist', ['找医生', '满意度']],
  ['/doctorlist/215?sort=praise&page=2', ['位医生', '满意度']],
  ['/doctordetail/D100001', ['医生简介', '今日出诊', '患者评价', '"@type":"Physician"']],
  ['/hospitallist', ['找门诊', '地址：']],
  ['/hospitallist/215', ['圣爱中医馆（昆明总院）']],
  ['/hospitaldetail/SA0101', ['圣爱中医馆（昆明总院）', '门诊环境', '坐诊医生', '"@type":"MedicalClinic"']],
  ['/hospitalEvaluateAll', ['门诊评价', '满意度']],
  ['/CloudIMClient/OnlineExpert/Index', ['在线问诊', '图文问诊']],
  ['/onlinequestionslist?type=1&reply=0', ['在线问答', '私密', '未回复']],
  ['/onlinequestionslistall/1002', ['的问答']],
  ['/OnlineQuestjudgeList/1002', ['的问诊评价', '满意度']],
  ['/onliedoctordetail/D100002', ['图文问诊', 'TA的问答']],
  ['/onlinequestionsdetail/Q200001', ['提问者']],
  ['/batters', ['拍方抓药', '使用步骤']],
  ['/expertstudio', ['名医工作室', '领衔']],
  ['/expertstudio/NK', ['内科名医']],
  ['/expertstudiodetails?id=1', ['名医工作室', '工作成果', '工作动态']],
  ['/illnesslist', ['疾病专科', '好评率']],
  ['/illnesslist/SA0101', ['圣爱中医馆（昆明总院）']],
  ['/illnessdetail/1', ['常见症状', '中医治疗']],
  ['/workResultDetail?id=1', ['工作成果']],
  ['/workDynamicDetail?id=3', ['工作动态']],
  ['/specialDetail?id=6', ['专题']],
];

for (const [path, texts] of PAGES) {
  test(`first HTML of ${path}`, async ({ request }) => {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    for (const t of texts) expect(html).toContain(t);
    expect(html).toMatch(/<title>[^<]+ - 圣爱中医官方网站<\/title>/);
    expect(html).toContain('rel="canonical"');
    expect(html).toContain('"@type":"BreadcrumbList"');
  });
}

const NOT_FOUND = [
  '/doctordetail/D999999',
  '/doctordetail/%00',
  '/doctordetail/%3Cscript%3E',
  '/doctordetail/..%2F..%2Fetc',
  `/doctordetail/${'x'.repeat(10_000)}`,
  '/doctorlist/999',
  '/doctorlist/215/2',
  '/hospitallist/abc',
  '/hospitaldetail/NOPE',
  '/onlinequestionslistall/99999',
  '/onlinequestionslistall/abc',
  '/OnlineQuestjudgeList/0',
  '/onliedoctordetail/D999999',
  '/onlinequestionsdetail/Q1',
  '/expertstudio/XX',
  '/expertstudiodetails?id=999',
  '/expertstudiodetails?id=1&id=2',
  '/illnesslist/NOPE',
  '/illnessdetail/99999',
  '/illnessdetail/%3Cscript%3E',
  '/workResultDetail?id=3',
  '/workDynamicDetail',
  '/specialDetail?id=%00',
];

for (const path of NOT_FOUND) {
  test(`404 for ${path.slice(0, 60)}`, async ({ request }) => {
    const res = await request.get(path);
    expect(res.status()).toBe(404);
  });
}

test('malformed list parameters fall back to defaults, never a 500', async ({ request }) => {
  for (const path of [
    '/doctorlist?sort=%3Cscript%3E&page=-1',
    '/doctorlist?page=2&page=3',
    `/hospitallist?q=${'x'.repeat(10_000)}`,
    '/hospitallist?lat=999&lng=abc',
    '/onlinequestionslist?type=9&reply=x',
    '/hospitalEvaluateAll?sat=9&clinic=%00',
    '/illnesslist?type=abc&disease=-1&sort=x',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
  }
});
