/**
 * News (SPEC §7 /api/News/): the matrix, carousels and banners, years, news
 * lists and details of every type (lib/news-types.ts; type 30 = help items),
 * notices, and jobs. docs/api.md documents the fields.
 */
import { HELP_GROUPS, NEWS_TYPES, NEWS_TYPE_LABELS, isNewsType, BANNER_PLACES } from '../../news-types';
import { optionalEnum, optionalInt, optionalString, paging, listResult, type Sending } from '../fields';
import { BackendError, ErrorNo, type EndpointMap, type Fields } from '../types';
import type {
  WireJob,
  WireJobCompany,
  WireJobType,
  WireMatrixAccount,
  WireMatrixType,
  WireNewsRow,
  WireNotice,
  WireSlide,
  WireYear,
} from '@/lib/contract';
import { likePattern, notFound, requiredId, wholeList } from './content-helpers';

/** A row of the news table: the wire's columns (lib/contract). */
type NewsRow = WireNewsRow;

const LIST_COLUMNS =
  'ID, Type, ClassID, Title, Summary, Image, VideoUrl, Duration, Author, Source, ProvinceID, PublishTime, Year, Views, IsTop';

function withTypeName<T extends { Type: number }>(row: T) {
  return { ...row, TypeName: isNewsType(row.Type) ? NEWS_TYPE_LABELS[row.Type] : '' };
}

/** `type`: a known news type, or absent for every public type (not help). */
function newsType<F extends Fields & Partial<Record<'type' | 'Type', string>>>(fields: Sending<F, 'type' | 'Type'>): number | undefined {
  const type = optionalInt(fields, 'type', '新闻类型', { min: 0, max: 999 }) ?? optionalInt(fields, 'Type', '新闻类型', { min: 0, max: 999 });
  if (type === undefined || type === 0) return undefined;
  if (!isNewsType(type)) throw new BackendError(ErrorNo.BAD_INPUT, '新闻类型无效');
  return type;
}

export const newsEndpoints = {
  'News/GetTW_MatrixType': {
    access: 'public',
    handle: ({ db }) =>
      wholeList(db.prepare('SELECT ID, Name, Icon, Sort FROM matrix_types ORDER BY Sort, ID').all() as WireMatrixType[]),
  },

  'News/GetTW_MatrixDetail': {
    access: 'public',
    handle: ({ db, fields }) => {
      const typeId = optionalInt(fields, 'TypeID', '账号类型', { min: 1 });
      const rows = db
        .prepare(
          `SELECT a.ID, a.TypeID, t.Name AS TypeName, a.Name, a.Account, a.Description, a.QrImage, a.Sort
           FROM matrix_accounts a JOIN matrix_types t ON t.ID = a.TypeID
           WHERE (@typeId IS NULL OR a.TypeID = @typeId) ORDER BY t.Sort, a.Sort, a.ID`,
        )
        .all({ typeId: typeId ?? null }) as WireMatrixAccount[];
      return wholeList(rows);
    },
  },

  'News/GetIndexCarouse': {
    access: 'public',
    handle: ({ db }) =>
      wholeList(
        db.prepare(`SELECT ID, Title, SubTitle, Image, Link, Sort FROM slides WHERE Kind = 'index' ORDER BY Sort, ID`).all() as WireSlide[],
      ),
  },

  'News/GetNewsCarouse': {
    access: 'public',
    handle: ({ db }) =>
      wholeList(
        db.prepare(`SELECT ID, Title, SubTitle, Image, Link, Sort FROM slides WHERE Kind = 'news' ORDER BY Sort, ID`).all() as WireSlide[],
      ),
  },

  /** Place: one of BANNER_PLACES ('about' is the about-us banner of SPEC §2), or absent for all. */
  'News/GetNewsBanner': {
    access: 'public',
    handle: ({ db, fields }) => {
      const place = optionalEnum(fields, 'Place', BANNER_PLACES, '横幅位置');
      return wholeList(
        db
          .prepare(
            `SELECT ID, Place, Title, SubTitle, Image, Link, Sort FROM slides
             WHERE Kind = 'banner' AND (@place = '' OR Place = @place) ORDER BY Sort, ID`,
          )
          .all({ place }) as WireSlide[],
      );
    },
  },

  'News/GetyearList': {
    access: 'public',
    handle: ({ db, fields }) => {
      const type = newsType(fields) ?? NEWS_TYPES.news;
      return wholeList(db.prepare('SELECT DISTINCT Year FROM news WHERE Type = ? ORDER BY Year DESC').all(type) as WireYear[]);
    },
  },

  /**
   * The item itself (not wrapped in ReturnObject), with Prev and Next in the
   * same type. ClassID, when sent, must be the item's type (the list it was
   * opened from); help items ignore it.
   */
  'News/GetNewDetail': {
    access: 'public',
    handle: ({ db, fields }) => {
      const id = requiredId(fields, 'ID', '新闻编号');
      const classId = optionalInt(fields, 'ClassID', '栏目编号', { min: 0, max: 999 });
      const row = db.prepare(`SELECT ${LIST_COLUMNS}, Content FROM news WHERE ID = ?`).get(id) as (NewsRow & { Content: string }) | undefined;
      if (!row) notFound('文章不存在或已下线');
      if (classId && row.Type !== NEWS_TYPES.help && classId !== row.Type) notFound('该栏目下没有这篇文章');
      const neighbour = (op: '<' | '>', dir: 'DESC' | 'ASC') =>
        (db
          .prepare(
            `SELECT ID, Title FROM news WHERE Type = @type AND (PublishTime ${op} @t OR (PublishTime = @t AND ID ${op} @id))
             ORDER BY PublishTime ${dir}, ID ${dir} LIMIT 1`,
          )
          .get({ type: row.Type, t: row.PublishTime, id: row.ID }) as { ID: number; Title: string } | undefined) ?? null;
      return { ...withTypeName(row), Prev: neighbour('>', 'ASC'), Next: neighbour('<', 'DESC') };
    },
  },

  'News/GetTW_Notice': {
    access: 'public',
    handle: ({ db, fields }) => {
      const page = paging(fields, { defaultSize: 6, maxSize: 50 });
      const total = (db.prepare('SELECT COUNT(*) AS n FROM notices').get() as { n: number }).n;
      const rows = db
        .prepare('SELECT ID, Title, NewsID, PublishTime FROM notices ORDER BY Sort DESC, PublishTime DESC LIMIT ? OFFSET ?')
        .all(page.pageSize, page.offset) as WireNotice[];
      return listResult(rows, total, page);
    },
  },

  /**
   * SPEC §7: type, keyword, ProciceID, PageIndex, PageSize (help: type 30,
   * page 1, size 1000). Also Year. Without a type, every public type except
   * help. ProciceID keeps the group-wide items (ProvinceID 0). Help items come
   * ordered by group (ClassID) then Sort and carry their Content (SPEC §3).
   */
  'News/GetNewList': {
    access: 'public',
    handle: ({ db, fields }) => {
      const type = newsType(fields);
      const keyword = optionalString(fields, 'keyword', '关键词', 50) || optionalString(fields, 'Keyword', '关键词', 50);
      const province = optionalInt(fields, 'ProciceID', '省份', { min: 0, max: 999999 }) ?? 0;
      const year = optionalInt(fields, 'Year', '年份', { min: 1900, max: 2100 });
      const page = paging(fields, { defaultSize: 10, maxSize: 1000 });
      // The WHERE is built from the filters present, so SQLite can use news_type_time.
      const clauses = [type === undefined ? 'Type <> @help' : 'Type = @type'];
      if (keyword) clauses.push(`(Title LIKE @keyword ESCAPE '\\' OR Summary LIKE @keyword ESCAPE '\\')`);
      if (province) clauses.push('ProvinceID IN (0, @province)');
      if (year !== undefined) clauses.push('Year = @year');
      const where = clauses.join(' AND ');
      const params = {
        type: type ?? null,
        help: NEWS_TYPES.help,
        keyword: keyword ? likePattern(keyword) : null,
        province,
        year: year ?? null,
      };
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM news WHERE ${where}`).get(params) as { n: number }).n;
      const isHelp = type === NEWS_TYPES.help;
      const rows = db
        .prepare(
          `SELECT ${LIST_COLUMNS}${isHelp ? ', Content' : ''} FROM news WHERE ${where}
           ORDER BY ${isHelp ? 'ClassID, Sort, ID' : 'IsTop DESC, PublishTime DESC, ID DESC'} LIMIT @limit OFFSET @offset`,
        )
        .all({ ...params, limit: page.pageSize, offset: page.offset }) as NewsRow[];
      return listResult(
        rows.map((r) => {
          const out = withTypeName(r);
          if (!isHelp) return out;
          const group = HELP_GROUPS.find((g) => g.classId === r.ClassID);
          return { ...out, GroupName: group?.label ?? '' };
        }),
        total,
        page,
      );
    },
  },

  'News/GetTW_SpiderJobsTypeName': {
    access: 'public',
    handle: ({ db }) =>
      wholeList(
        db
          .prepare(
            `SELECT t.ID, t.Name, (SELECT COUNT(*) FROM jobs j WHERE j.TypeID = t.ID) AS JobCount
             FROM job_types t ORDER BY t.Sort, t.ID`,
          )
          .all() as WireJobType[],
      ),
  },

  'News/GetTW_SpiderJobsTypeConmpany': {
    access: 'public',
    handle: ({ db }) =>
      wholeList(
        db
          .prepare(
            `SELECT c.ID, c.Name, c.City, (SELECT COUNT(*) FROM jobs j WHERE j.CompanyID = c.ID) AS JobCount
             FROM job_companies c ORDER BY c.Sort, c.ID`,
          )
          .all() as WireJobCompany[],
      ),
  },

  /** TypeID, CompanyID, Channel (social | campus), PageIndex, PageSize. */
  'News/GetTW_SpiderJobs': {
    access: 'public',
    handle: ({ db, fields }) => {
      const params = {
        type: optionalInt(fields, 'TypeID', '职位类别', { min: 1 }) ?? null,
        company: optionalInt(fields, 'CompanyID', '招聘单位', { min: 1 }) ?? null,
        channel: optionalEnum(fields, 'Channel', ['social', 'campus'] as const, '招聘渠道') || null,
      };
      const page = paging(fields, { defaultSize: 10, maxSize: 100 });
      const where = `(@type IS NULL OR j.TypeID = @type) AND (@company IS NULL OR j.CompanyID = @company)
        AND (@channel IS NULL OR j.Channel = @channel)`;
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM jobs j WHERE ${where}`).get(params) as { n: number }).n;
      const rows = db
        .prepare(
          `SELECT j.ID, j.TypeID, t.Name AS TypeName, j.CompanyID, c.Name AS CompanyName, j.Title, j.City, j.Salary,
             j.Education, j.Experience, j.Headcount, j.Description, j.Channel, j.PublishTime
           FROM jobs j JOIN job_types t ON t.ID = j.TypeID JOIN job_companies c ON c.ID = j.CompanyID
           WHERE ${where} ORDER BY j.PublishTime DESC, j.ID DESC LIMIT @limit OFFSET @offset`,
        )
        .all({ ...params, limit: page.pageSize, offset: page.offset }) as WireJob[];
      return listResult(rows, total, page);
    },
  },
} satisfies EndpointMap;
