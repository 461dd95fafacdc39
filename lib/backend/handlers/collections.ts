/**
 * Favourites of a member (SPEC §7 WX_OrgCollectionClent, WX_DoctorCollectionClent):
 * member-only, per member (the caller's memberId/vipCode from the token), real.
 * CollectionType 1 = clinic (Code = HospitalCode), 2 = doctor (Code = AppointmentCode).
 * Adding twice or cancelling a missing favourite is harmless (idempotent writes).
 */
import { BackendError, ErrorNo, type Caller, type EndpointMap, type HandlerContext } from '../types';
import { listResult, optionalEnum, optionalString, paging } from '../fields';
import {
  DOCTOR_COLUMNS,
  notFound,
  ORG_COLUMNS,
  requiredCode,
  wireDoctor,
  wireOrg,
  type DoctorRow,
  type OrgRow,
} from './clinic-rows';

type Member = Extract<Caller, { kind: 'member' }>;

function member(ctx: HandlerContext): Member {
  // The router already refuses non-members on member endpoints (4001/4004).
  if (ctx.caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
  return ctx.caller;
}

function target(ctx: HandlerContext): { kind: 1 | 2; code: string } {
  const kind = optionalEnum(ctx.fields, 'CollectionType', ['1', '2'], '收藏类型') === '2' ? 2 : 1;
  const name = ctx.fields.Code !== undefined ? 'Code' : kind === 1 ? 'HospitalCode' : 'AppointmentCode';
  const code = requiredCode(ctx.fields, name, kind === 1 ? '门诊编码' : '医生编码');
  const exists =
    kind === 1
      ? ctx.db.prepare('SELECT 1 FROM orgs WHERE code = ?').get(code)
      : ctx.db.prepare('SELECT 1 FROM doctors WHERE appointment_code = ?').get(code);
  if (!exists) notFound(kind === 1 ? '门诊' : '医生');
  return { kind, code };
}

/** Moves the target's counter by delta (0 = just read it) and returns it. */
function counter(ctx: HandlerContext, kind: 1 | 2, code: string, delta: 1 | 0 | -1): number {
  if (kind === 1) {
    ctx.db.prepare('UPDATE orgs SET collect_count = MAX(0, collect_count + ?) WHERE code = ?').run(delta, code);
    return (ctx.db.prepare('SELECT collect_count AS n FROM orgs WHERE code = ?').get(code) as { n: number }).n;
  }
  // A doctor's fans are the members who follow them (SPEC §9 sort by fans).
  ctx.db.prepare('UPDATE doctors SET fans = MAX(0, fans + ?) WHERE appointment_code = ?').run(delta, code);
  return (ctx.db.prepare('SELECT fans AS n FROM doctors WHERE appointment_code = ?').get(code) as { n: number }).n;
}

export const collectionEndpoints = {
  /** CollectionType (1|2), Code (or HospitalCode / AppointmentCode) → ReturnObject {IsCollected: 1, CollectCount}. */
  'WX_OrgCollectionClent/AddOrgCollection': {
    access: 'member',
    write: true,
    handle: (ctx) => {
      const m = member(ctx);
      const { kind, code } = target(ctx);
      return ctx.db.transaction(() => {
        const inserted = ctx.db
          .prepare('INSERT OR IGNORE INTO collections (member_id, vip_code, kind, code, created_at) VALUES (?,?,?,?,?)')
          .run(m.memberId, m.vipCode, kind, code, ctx.now.toISOString()).changes;
        const count = counter(ctx, kind, code, inserted ? 1 : 0);
        return { ReturnObject: { IsCollected: 1, CollectCount: count } };
      })();
    },
  },
  /** Same fields → ReturnObject {IsCollected: 0, CollectCount}. */
  'WX_OrgCollectionClent/CannelCollection': {
    access: 'member',
    write: true,
    handle: (ctx) => {
      const m = member(ctx);
      const { kind, code } = target(ctx);
      return ctx.db.transaction(() => {
        const removed = ctx.db
          .prepare('DELETE FROM collections WHERE member_id = ? AND kind = ? AND code = ?')
          .run(m.memberId, kind, code).changes;
        const count = counter(ctx, kind, code, removed ? -1 : 0);
        return { ReturnObject: { IsCollected: 0, CollectCount: count } };
      })();
    },
  },
  /** The member's favourite clinics, newest first: PageIndex, PageSize → listResult of clinics (+ CollectTime). */
  'WX_OrgCollectionClent/GetVipCodeOrgCollection': {
    access: 'member',
    handle: (ctx) => {
      const m = member(ctx);
      const page = paging(ctx.fields, { defaultSize: 10, maxSize: 100 });
      const total = (
        ctx.db.prepare('SELECT COUNT(*) AS n FROM collections WHERE member_id = ? AND kind = 1').get(m.memberId) as { n: number }
      ).n;
      const rows = ctx.db
        .prepare(
          `SELECT ${ORG_COLUMNS}, c.created_at FROM collections c JOIN orgs o ON o.code = c.code
           JOIN provinces p ON p.province_id = o.province_id LEFT JOIN sale_types s ON s.sale_type_id = o.sale_type_id
           WHERE c.member_id = ? AND c.kind = 1 ORDER BY c.created_at DESC LIMIT ? OFFSET ?`,
        )
        .all(m.memberId, page.pageSize, page.offset) as (OrgRow & { created_at: string })[];
      return listResult(rows.map((r) => ({ ...wireOrg(r), CollectTime: r.created_at })), total, page);
    },
  },
  /**
   * Which of the given targets the member has collected: CollectionType (1|2), Codes (comma list, up to 100)
   * → DataList [{Code, IsCollected}].
   */
  'WX_OrgCollectionClent/GetOrgCollection': {
    access: 'member',
    handle: (ctx) => {
      const m = member(ctx);
      const kind = optionalEnum(ctx.fields, 'CollectionType', ['1', '2'], '收藏类型') === '2' ? 2 : 1;
      const raw = optionalString(ctx.fields, 'Codes', '编码列表', 4200) || optionalString(ctx.fields, 'HospitalCode', '门诊编码', 200);
      const codes = raw.split(',').map((s) => s.trim()).filter(Boolean);
      if (codes.length === 0) throw new BackendError(ErrorNo.BAD_INPUT, '缺少编码列表');
      if (codes.length > 100) throw new BackendError(ErrorNo.BAD_INPUT, '一次最多查询100个');
      if (codes.some((c) => !/^[A-Za-z0-9_-]{1,40}$/.test(c))) throw new BackendError(ErrorNo.BAD_INPUT, '编码列表格式不正确');
      const found = new Set(
        (
          ctx.db
            .prepare(
              `SELECT code FROM collections WHERE member_id = ? AND kind = ? AND code IN (${codes.map(() => '?').join(',')})`,
            )
            .all(m.memberId, kind, ...codes) as { code: string }[]
        ).map((r) => r.code),
      );
      return { DataList: codes.map((c) => ({ Code: c, IsCollected: found.has(c) ? 1 : 0 })), TotalCount: codes.length };
    },
  },
  /** The member's favourite doctors, newest first: PageIndex, PageSize → listResult of doctors (+ CollectTime). */
  'WX_DoctorCollectionClent/GetDoctorCollection': {
    access: 'member',
    handle: (ctx) => {
      const m = member(ctx);
      const page = paging(ctx.fields, { defaultSize: 10, maxSize: 100 });
      const total = (
        ctx.db.prepare('SELECT COUNT(*) AS n FROM collections WHERE member_id = ? AND kind = 2').get(m.memberId) as { n: number }
      ).n;
      const rows = ctx.db
        .prepare(
          `SELECT ${DOCTOR_COLUMNS}, c.created_at FROM collections c JOIN doctors d ON d.appointment_code = c.code
           JOIN orgs o ON o.code = d.org_code WHERE c.member_id = ? AND c.kind = 2 ORDER BY c.created_at DESC LIMIT ? OFFSET ?`,
        )
        .all(m.memberId, page.pageSize, page.offset) as (DoctorRow & { created_at: string })[];
      return listResult(rows.map((r) => ({ ...wireDoctor(r), CollectTime: r.created_at })), total, page);
    },
  },
} satisfies EndpointMap;
