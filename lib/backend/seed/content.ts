/**
 * Content seed (docs/content.md): news of every type of lib/news-types.ts,
 * help items, carousels and banners, the social-media matrix, notices, system
 * pages and logs, hot words, jobs, the home page's figures and settings.
 * Deterministic: the same database every time, dates fixed before 2026-11-20.
 */
import { NEWS_TYPES } from '../../news-types';
import type { Database, Seeder } from '../types';
import {
  HELP_ITEMS,
  HOT_WORDS,
  JOBS,
  JOB_COMPANIES,
  JOB_TYPES,
  SYSTEM_CLASSES,
  SYSTEM_DOCS,
} from './content-data';
import { readWrittenArticles, type WrittenArticle } from './articles';

export const NEWS_COVER_COUNT = 12;
/** Every cover in public/images/news is an 800×450 SVG. */
const NEWS_COVER_WIDTH = 800;
const NEWS_COVER_HEIGHT = 450;
export const newsCover = (i: number) => `/images/news/cover-${String((i % NEWS_COVER_COUNT) + 1).padStart(2, '0')}.svg`;
/**
 * Each video of 圣爱视频 has its own clip and poster (scripts/generate-video-clips.ts), in file order: the clip of
 * content/articles/video/03.md is video-03.mp4, as long as the file's front matter says (`duration`, seconds).
 */
export const videoClip = (i: number) => {
  const n = String(i + 1).padStart(2, '0');
  return { url: `/media/videos/video-${n}.mp4`, poster: `/media/videos/poster-${n}.jpg` };
};

/** A video's length from its front matter; a video without one is a seeding error (its page would say nothing true). */
function videoSeconds(meta: Record<string, string>, file: string): number {
  const seconds = Number(meta.duration);
  if (!Number.isInteger(seconds) || seconds <= 0) throw new Error(`seed: content/articles/${file} has no duration (seconds)`);
  return seconds;
}

/**
 * The article that proves the sanitizer (docs/content.md): its body holds a script,
 * an onerror handler and a javascript: link. It is seeded first, so its ID is 1.
 */
export const SANITIZER_PROOF_TITLE = '官方网站全新改版上线说明';
const SANITIZER_PROOF_BODY =
  '<p>为给患者提供更便捷的服务，圣爱中医官方网站完成全新改版。</p>' +
  '<script>alert(1)</script>' +
  '<h2>改版内容</h2><p>新版网站支持按省份查找医生与门诊、在线预约挂号、会员积分兑换等功能。</p>' +
  '<p>找医生时，可以按科室、职称、门诊和是否在线筛选，每个筛选条件旁边显示符合条件的医生人数；医生主页列出擅长的病症、出诊时间和患者评价，选好时段即可预约。找门诊时，可以按与您的距离排序，门诊详情页提供地址、电话、营业时间和到达路线，可一键打开常用的地图应用导航。</p>' +
  '<p>会员登录后，可以在个人中心查看和修改个人信息、查询挂号记录和积分明细，在积分商城兑换养生用品和服务，并在消息中心查看回复。页面顶部新增了全站搜索，输入医生姓名、门诊、病症或文章关键词，即可同时找到相关的医生、门诊、疾病专科、在线问答和文章。</p>' +
  '<h2>更快、更易用</h2><p>新版网站在电脑上打开更快，页面文字更大、对比更清楚，支持只用键盘操作，方便老年人和视力不好的朋友使用。用手机访问时，会自动进入圣爱的手机版页面。分享医生、门诊或文章的链接到微信时，会显示带有标题和图片的卡片。</p>' +
  '<p>改版期间，原有的会员账号、积分和挂号记录全部保留，会员无需重新注册，用原来的手机号和密码即可登录。如果忘记密码，可以在登录框点击“找回密码”，通过短信验证码重新设置。</p>' +
  '<p>网站上的医生出诊时间、门诊地址和电话等信息，与各门诊的排班和公示同步更新。如发现信息有误，欢迎告诉我们，我们会尽快核实更正。新版网站不收集与服务无关的个人信息，会员的个人资料仅用于预约挂号和会员服务。</p>' +
  '<img src=x onerror=alert(1)>' +
  '<p>如在使用中遇到问题，<a href="javascript:alert(1)">请点击这里反馈</a>，或拨打服务热线。</p>' +
  `<img src="/images/news/cover-01.svg" alt="新版官网首页" width="${NEWS_COVER_WIDTH}" height="${NEWS_COVER_HEIGHT}">`;

/** A fixed date: `daysBefore` days before 2026-11-18 at a working hour. */
function dateBefore(daysBefore: number, hour = 9): string {
  const d = new Date(Date.UTC(2026, 10, 18, hour, 30, 0) - daysBefore * 86_400_000);
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

const PROVINCES_FOR_NEWS = [215, 215, 215, 0, 0, 215, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 216, 214, 0, 0, 215, 0];

function seedNews(db: Database) {
  const insert = db.prepare(`INSERT INTO news
    (Type, ClassID, Title, Summary, Content, Image, VideoUrl, Duration, Author, Source, ProvinceID, PublishTime, Year, Sort, Views, IsTop)
    VALUES (@Type, @ClassID, @Title, @Summary, @Content, @Image, @VideoUrl, @Duration, @Author, @Source, @ProvinceID, @PublishTime, @Year, @Sort, @Views, @IsTop)`);
  const add = (row: {
    Type: number; ClassID?: number; Title: string; Summary: string; Content: string; Image?: string;
    VideoUrl?: string; Duration?: number; Author?: string; Source?: string; ProvinceID?: number; PublishTime: string; Sort?: number;
    Views?: number; IsTop?: number;
  }) =>
    insert.run({
      ClassID: 0, Image: '', VideoUrl: '', Duration: 0, Author: '圣爱中医', Source: '圣爱中医官方网站', ProvinceID: 0, Sort: 0,
      Views: 0, IsTop: 0, ...row, Year: Number(row.PublishTime.slice(0, 4)),
    });

  add({
    Type: NEWS_TYPES.news,
    Title: SANITIZER_PROOF_TITLE,
    Summary: '新版官网支持在线预约、会员积分兑换等功能。',
    Content: SANITIZER_PROOF_BODY,
    Image: newsCover(0),
    PublishTime: dateBefore(400),
    Views: 1288,
  });

  // Every article is written (content/articles, seed/articles.ts): a title is a file, so none is ever a stitched page.
  const byType = new Map<number, WrittenArticle[]>();
  for (const a of readWrittenArticles()) byType.set(a.type, [...(byType.get(a.type) ?? []), a]);
  let n = 1;
  for (const [type, articles] of byType) {
    articles.forEach(({ title, html: written, meta, file }, i) => {
      n++;
      // Spread over the years so that GetyearList has several (2019-2026).
      const spreadDays = type === NEWS_TYPES.growingUp ? 0 : Math.floor((i * 2700) / articles.length) + (n % 7) * 3;
      const publish =
        type === NEWS_TYPES.growingUp
          ? `${/^(\d{4})/.exec(title)?.[1] ?? '2020'}-0${(i % 9) + 1}-15 10:00:00`
          : dateBefore(spreadDays + 2, 8 + (n % 9));
      const image = newsCover(n);
      const summary = `${written.replace(/<[^>]*>/g, '').slice(0, 59)}…`;
      add({
        Type: type,
        Title: title,
        Summary: summary,
        Content: written,
        Image: type === NEWS_TYPES.video ? videoClip(i).poster : image,
        VideoUrl: type === NEWS_TYPES.video ? videoClip(i).url : '',
        Duration: type === NEWS_TYPES.video ? videoSeconds(meta, file) : 0,
        Author: type === NEWS_TYPES.healthScience ? ['李明华 主任医师', '王素芬 副主任医师', '赵志远 主治医师'][i % 3] : '圣爱中医',
        Source: type >= NEWS_TYPES.charityActivity && type <= NEWS_TYPES.charityProject ? '圣爱公益基金会' : '圣爱中医官方网站',
        ProvinceID: type === NEWS_TYPES.news ? (PROVINCES_FOR_NEWS[i] ?? 0) : 0,
        PublishTime: publish,
        Views: 80 + ((n * 137) % 2400),
        IsTop: type === NEWS_TYPES.news && i === 0 ? 1 : 0,
      });
    });
  }

  HELP_ITEMS.forEach(([classId, question, answers], i) => {
    add({
      Type: NEWS_TYPES.help,
      ClassID: classId,
      Title: question,
      Summary: answers[0]!.slice(0, 60),
      Content: answers.map((a) => `<p>${a}</p>`).join(''),
      PublishTime: dateBefore(200 + i),
      Sort: i + 1,
    });
  });
}

function seedSlides(db: Database) {
  const insert = db.prepare(
    'INSERT INTO slides (Kind, Place, Title, SubTitle, Image, Link, Sort) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const index: [string, string, string, string][] = [
    ['让百姓就近看好中医', '圣爱中医门诊遍布云南各州市', '/images/banners/home-1.svg', '/hospitallist'],
    ['名医坐诊 预约挂号', '未来14天号源，在线预约免排队', '/images/banners/home-2.svg', '/doctorlist'],
    ['冬病夏治 三伏贴', '传统中医外治法，防病于未然', '/images/banners/home-3.svg', '/foundcutr0145'],
    ['圣爱公益 温暖同行', '乡村义诊、爱心助学、困难救助', '/images/banners/home-4.svg', '/foundation'],
  ];
  index.forEach(([t, s, img, link], i) => insert.run('index', '', t, s, img, link, i + 1));
  const newsSlides: [string, string][] = [
    ['集团召开2026年度医疗质量与安全工作会议', '/images/news/cover-03.svg'],
    ['圣爱中医上线“拍方抓药”线上服务', '/images/news/cover-05.svg'],
    ['集团举办第六届中医经典知识竞赛', '/images/news/cover-07.svg'],
  ];
  newsSlides.forEach(([t, img], i) => {
    const row = db.prepare('SELECT ID FROM news WHERE Title = ?').get(t) as { ID: number } | undefined;
    insert.run('news', '', t, '', img, row ? `/newtdetail/${row.ID}` : '', i + 1);
  });
  const banners: [string, string, string, string][] = [
    ['news', '圣爱动态', '集团新闻与门诊资讯', '/images/banners/news.svg'],
    ['about', '关于圣爱', '让百姓就近看好中医', '/images/about/about-banner.svg'],
    ['charity', '圣爱公益', '取之社会 回馈社会', '/images/banners/charity.svg'],
    ['help', '帮助中心', '挂号、会员与常见问题', '/images/banners/help.svg'],
    ['culture', '企业文化', '大医精诚 患者至上', '/images/banners/culture.svg'],
  ];
  banners.forEach(([place, t, s, img], i) => insert.run('banner', place, t, s, img, '', i + 1));
}

function seedMatrix(db: Database) {
  const types: [string, string, [string, string, string][]][] = [
    ['微信', '/images/news/matrix/icon-wechat.svg', [
      ['圣爱中医', 'shengai-tcm', '预约挂号、报告查询、会员服务'],
      ['圣爱健康科普', 'shengai-health', '每周推送中医养生知识'],
    ]],
    ['微博', '/images/news/matrix/icon-weibo.svg', [['@圣爱中医官方微博', 'shengaizhongyi', '集团新闻与活动资讯']]],
    ['抖音', '/images/news/matrix/icon-douyin.svg', [['圣爱中医', 'shengai_tcm', '名医讲堂短视频、八段锦跟练']]],
  ];
  const insertType = db.prepare('INSERT INTO matrix_types (Name, Icon, Sort) VALUES (?, ?, ?)');
  const insertAccount = db.prepare(
    'INSERT INTO matrix_accounts (TypeID, Name, Account, Description, QrImage, Sort) VALUES (?, ?, ?, ?, ?, ?)',
  );
  let q = 0;
  types.forEach(([name, icon, accounts], i) => {
    const typeId = Number(insertType.run(name, icon, i + 1).lastInsertRowid);
    accounts.forEach(([n, account, desc], j) => {
      q++;
      insertAccount.run(typeId, n, account, desc, `/images/news/matrix/qr-${q}.svg`, j + 1);
    });
  });
}

function seedNotices(db: Database) {
  const insert = db.prepare('INSERT INTO notices (Title, NewsID, PublishTime, Sort) VALUES (?, ?, ?, ?)');
  const latest = db
    .prepare('SELECT ID, Title, PublishTime FROM news WHERE Type IN (?, ?) ORDER BY PublishTime DESC LIMIT 5')
    .all(NEWS_TYPES.news, NEWS_TYPES.charityNotice) as { ID: number; Title: string; PublishTime: string }[];
  insert.run('春节期间各门诊营业时间安排将于1月中旬公布，请关注官网通知', null, dateBefore(1), 10);
  latest.forEach((r, i) => insert.run(r.Title, r.ID, r.PublishTime, 5 - i));
}

function seedSystem(db: Database) {
  const insertClass = db.prepare('INSERT INTO system_classes (Name, Description, Sort) VALUES (?, ?, ?)');
  SYSTEM_CLASSES.forEach(([name, desc], i) => insertClass.run(name, desc, i + 1));
  const insertDoc = db.prepare(
    'INSERT INTO system_docs (ClassID, Title, DocNo, Content, PublishTime, Sort) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertLog = db.prepare(
    'INSERT INTO system_logs (DocID, Title, Content, Editor, PublishTime) VALUES (?, ?, ?, ?, ?)',
  );
  SYSTEM_DOCS.forEach(([classId, title], i) => {
    const no = `SA-ZD-${String(classId).padStart(2, '0')}${String(i + 1).padStart(3, '0')}`;
    const body =
      `<h2>第一章 总则</h2><p>第一条 为规范集团各门诊“${title.replace(/制度|规定|办法|规则|规范/g, '')}”相关工作，保障患者权益和医疗安全，制定本制度。</p>` +
      '<p>第二条 本制度适用于集团总部及所属各门诊、供应中心。</p>' +
      '<h2>第二章 职责与要求</h2><p>第三条 各门诊负责人为本门诊执行本制度的第一责任人。</p>' +
      '<p>第四条 相关岗位人员应当经过培训并考核合格后上岗。</p>' +
      '<h2>第三章 附则</h2><p>第五条 本制度由集团医务部负责解释，自发布之日起施行。</p>';
    const docId = Number(insertDoc.run(classId, title, no, body, dateBefore(900 - i * 40), i + 1).lastInsertRowid);
    insertLog.run(docId, `发布《${title}》`, `<p>经集团办公会审议通过，发布《${title}》（${no}）。</p>`, '集团办公室', dateBefore(900 - i * 40));
    if (i % 3 === 0) {
      insertLog.run(
        docId,
        `修订《${title}》`,
        `<p>根据最新法规要求，对《${title}》第二章进行修订，进一步明确岗位职责。</p><ul><li>修订第三条</li><li>新增培训考核要求</li></ul>`,
        '集团医务部',
        dateBefore(300 - i * 10),
      );
    }
  });
}

function seedHotWords(db: Database) {
  // The seeded words are the editors' approved list (migration 071, handlers/hot-words.ts).
  const insert = db.prepare('INSERT INTO hot_words (Word, Hits, IsRecommend, Sort, LastTime, Approved) VALUES (?, ?, ?, ?, ?, 1)');
  HOT_WORDS.forEach((w, i) => insert.run(w, 500 - i * 37, i < 6 ? 1 : 0, i + 1, dateBefore(i)));
}

function seedJobs(db: Database) {
  const insertType = db.prepare('INSERT INTO job_types (Name, Sort) VALUES (?, ?)');
  JOB_TYPES.forEach((name, i) => insertType.run(name, i + 1));
  const insertCompany = db.prepare('INSERT INTO job_companies (Name, City, Sort) VALUES (?, ?, ?)');
  JOB_COMPANIES.forEach(([name, city], i) => insertCompany.run(name, city, i + 1));
  const insertJob = db.prepare(`INSERT INTO jobs
    (TypeID, CompanyID, Title, City, Salary, Education, Experience, Headcount, Description, Channel, PublishTime)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  JOBS.forEach(([t, c, title, salary, edu, exp, channel], i) => {
    insertJob.run(
      t + 1, c + 1, title, JOB_COMPANIES[c]![1], salary, edu, exp, 1 + (i % 3),
      `负责${title.replace(/（.*）/, '')}相关工作；热爱中医药事业，有良好的沟通能力和服务意识。`,
      channel, dateBefore(3 + i * 4),
    );
  });
}

function seedSiteInfo(db: Database) {
  const figures = db.prepare('INSERT INTO site_figures (Key, Label, Value, Unit, Sort) VALUES (?, ?, ?, ?, ?)');
  // Counted from the catalogue (seed/clinics-doctors.ts runs first); GetUserNums counts again when asked.
  const count = (table: 'orgs' | 'doctors') => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  figures.run('clinics', '连锁门诊', count('orgs'), '家', 1);
  figures.run('doctors', '坐诊医师', count('doctors'), '位', 2);
  figures.run('members', '注册会员', 1_260_000, '人', 3);
  figures.run('services', '年服务人次', 3_100_000, '人次', 4);
  const settings = db.prepare('INSERT INTO site_settings (Key, Value) VALUES (?, ?)');
  // GetStyleDisplay: the home page's display switches; GrayMode is for days of mourning.
  settings.run('GrayMode', '0');
  settings.run('ShowMatrix', '1');
  settings.run('ShowCharity', '1');
  settings.run('Slogan', '让百姓就近看好中医');
  const apps = db.prepare('INSERT INTO third_apps (Name, Description, QrImage, Link, Sort) VALUES (?, ?, ?, ?, ?)');
  apps.run('圣爱中医小程序', '微信扫码，预约挂号更方便', '/images/news/matrix/qr-app-1.svg', '', 1);
  apps.run('圣爱健康APP', '在线问诊、报告查询、会员积分', '/images/news/matrix/qr-app-2.svg', '', 2);
}

export const seedContent: Seeder = (db) => {
  seedNews(db);
  seedSlides(db);
  seedMatrix(db);
  seedNotices(db);
  seedSystem(db);
  seedHotWords(db);
  seedJobs(db);
  seedSiteInfo(db);
};
