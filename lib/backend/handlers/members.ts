/**
 * VIP_Member (SPEC §7 Members), except the two member-rights calls
 * (member-rights.ts). Details answer the object itself as Result (no
 * ReturnObject), except PCVipCheckByPhone whose Result carries ReturnCode.
 */
import { validateIdCard, validateName } from '@/lib/validation';
import { optionalString, requiredString } from '../fields';
import type { MemberRow } from '../session-tokens';
import { BackendError, ErrorNo, type EndpointMap, type HandlerContext } from '../types';
import { checked, memberById } from './auth-support';

/** The wire shape of a member's own record (GetVIPMember, UpdateVipinformation). */
export function memberProfile(m: MemberRow) {
  return {
    VipCode: m.vip_code ?? '',
    VipName: m.name,
    Phone: m.phone,
    CardNo: m.card_no ?? '',
    LevelID: m.level,
    LevelName: m.level_name,
    Points: m.points,
    Birthday: m.birthday ?? '',
    Sex: m.sex ?? -1,
    // The full number never leaves the backend once stored.
    IDCard: m.id_card ? `${m.id_card.slice(0, 6)}********${m.id_card.slice(-4)}` : '',
    Email: m.email ?? '',
    Address: m.address ?? '',
    CreateTime: m.created_at,
  };
}

function currentMember(ctx: HandlerContext): MemberRow {
  if (ctx.caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
  const member = memberById(ctx.db, ctx.caller.memberId);
  if (!member || member.status !== 'active' || member.vip_code !== ctx.caller.vipCode) {
    throw new BackendError(ErrorNo.VIP_NOT_BOUND, '会员卡未绑定，请重新登录');
  }
  return member;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const memberEndpoints: EndpointMap = {
  'VIP_Member/GetVIPMember': {
    access: 'member',
    handle: (ctx) => memberProfile(currentMember(ctx)),
  },

  'VIP_Member/GetVIP_MemberByVipCode': {
    access: 'member',
    handle: (ctx) => {
      const vipCode = requiredString(ctx.fields, 'VipCode', '会员编号', 64);
      const member = currentMember(ctx);
      // A member reads only their own record by VIP code: no enumeration of others.
      if (vipCode !== member.vip_code) throw new BackendError(ErrorNo.REFUSED, '无权查看该会员信息');
      return memberProfile(member);
    },
  },

  'VIP_Member/UpdateVipinformation': {
    access: 'member',
    write: true,
    handle: (ctx) => {
      const member = currentMember(ctx);
      const { fields } = ctx;
      const name = checked(validateName(requiredString(fields, 'VipName', '姓名', 64)));
      let birthday = optionalString(fields, 'Birthday', '出生日期', 10) || member.birthday || null;
      const sexRaw = optionalString(fields, 'Sex', '性别', 2);
      let sex = member.sex;
      if (sexRaw !== '') {
        if (sexRaw !== '0' && sexRaw !== '1') throw new BackendError(ErrorNo.BAD_INPUT, '性别取值无效');
        sex = Number(sexRaw);
      }
      const idRaw = optionalString(fields, 'IDCard', '身份证号', 32);
      let idCard = member.id_card;
      if (idRaw !== '' && !idRaw.includes('*')) {
        // SPEC §5: the ID card yields birthday and sex.
        const info = checked(validateIdCard(idRaw, ctx.now));
        idCard = info.number;
        birthday = info.birthday;
        sex = info.sex;
      }
      if (birthday) {
        const m = DATE_RE.exec(birthday);
        const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
        if (!m || !date || date.toISOString().slice(0, 10) !== birthday || date > ctx.now) {
          throw new BackendError(ErrorNo.BAD_INPUT, '出生日期格式应为YYYY-MM-DD');
        }
      }
      const email = optionalString(fields, 'Email', '电子邮箱', 100);
      if (email && !EMAIL_RE.test(email)) throw new BackendError(ErrorNo.BAD_INPUT, '电子邮箱格式不正确');
      const address = optionalString(fields, 'Address', '联系地址', 200);
      ctx.db
        .prepare(
          `UPDATE members SET name = ?, birthday = ?, sex = ?, id_card = ?, email = ?, address = ?, updated_at = datetime('now')
           WHERE id = ?`,
        )
        .run(name, birthday, sex, idCard, email || null, address || null, member.id);
      return memberProfile(memberById(ctx.db, member.id)!);
    },
  },
};
