/**
 * VIP_Member (SPEC §7 Members), except the two member-rights calls
 * (member-rights.ts). Details answer the object itself as Result (no
 * ReturnObject), except PCVipCheckByPhone whose Result carries ReturnCode.
 */
import { EMAIL_RE, validateAddress, validateIdCard, validateName } from '@/lib/validation';
import { optionalString, requiredString } from '../fields';
import { checkHolderIdCard } from './patients';
import { hashPassword } from '../passwords';
import type { MemberRow } from '../session-tokens';
import { BackendError, ErrorNo, type Database, type EndpointMap, type HandlerContext } from '../types';
import type { WireMember, WireMemberCard } from '@/lib/contract';
import {
  cardsOfPhone,
  checked,
  checkSmsCode,
  clientFor,
  clientLimit,
  isLoginable,
  loggedIn,
  memberById,
  memberByPhone,
  nowSeconds,
  passwordField,
  phoneField,
  proven,
  siteCeiling,
  type CardRow,
} from './auth-support';

/** SPEC §4 phone check return codes. */
export const ReturnCode = { LOGGED_IN: 4, HAS_CARDS: 3, NOT_REGISTERED: 2 } as const;

const smsCode = (fields: Readonly<{ Code?: string }>) => requiredString(fields, 'Code', '短信验证码', 16);

function cardListItem(card: CardRow): WireMemberCard {
  return {
    CardNo: card.card_no,
    HolderName: card.holder_name,
    LevelID: card.level,
    LevelName: card.level_name,
    Points: card.points,
    OrgName: card.org_name,
    IssueDate: card.issued_at.slice(0, 10),
  };
}

/** A new online member; vip_code follows the row id (VIP10007...), apart from the seeded VIP0001 range. */
function createMember(
  db: Database,
  values: { phone: string; name: string; password: string; cardNo: string | null; level?: number; levelName?: string; points?: number; idCard?: string | null; birthday?: string | null; sex?: number | null },
): MemberRow {
  const info = db
    .prepare(
      `INSERT INTO members (phone, name, card_no, level, level_name, points, id_card, birthday, sex, password_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      values.phone,
      values.name,
      values.cardNo,
      values.level ?? 1,
      values.levelName ?? '普卡会员',
      values.points ?? 0,
      values.idCard ?? null,
      values.birthday ?? null,
      values.sex ?? null,
      hashPassword(values.password),
    );
  const id = Number(info.lastInsertRowid);
  const vipCode = `VIP${10000 + id}`;
  db.prepare('UPDATE members SET vip_code = ?, card_no = COALESCE(card_no, ?) WHERE id = ?').run(
    vipCode,
    `SW${String(id).padStart(8, '0')}`,
    id,
  );
  return memberById(db, id)!;
}

/** The wire shape of a member's own record (GetVIPMember, UpdateVipinformation). */
export function memberProfile(m: MemberRow): WireMember {
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

export const memberEndpoints = {
  /**
   * SPEC §4 phone validation (phone + SMS code), Result.ReturnCode:
   * 4 = an online member: logged in (Result carries the tokens, the code is spent);
   * 3 = offline cards to activate: Result.DataList (the code stays valid for activation);
   * 2 = not registered (the code stays valid for registration).
   */
  'VIP_Member/PCVipCheckByPhone': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: async (ctx) => {
      const { db, settings, fields } = ctx;
      const phone = phoneField(fields);
      const code = smsCode(fields);
      const now = nowSeconds(ctx.now);
      const member = memberByPhone(db, phone);
      await checkSmsCode(ctx, phone, code, now, isLoginable(member));
      if (isLoginable(member)) {
        return { ReturnCode: ReturnCode.LOGGED_IN, ...(await loggedIn(ctx, settings, member)) };
      }
      // The code proved the phone, which has no online member yet: known for its registration or activation.
      proven(ctx, phone, now);
      const cards = cardsOfPhone(db, phone);
      if (cards.length > 0) {
        return {
          ReturnCode: ReturnCode.HAS_CARDS,
          Message: '该手机号已有会员卡，请选择会员卡激活后登录',
          DataList: cards.map(cardListItem),
        };
      }
      return { ReturnCode: ReturnCode.NOT_REGISTERED, Message: '未注册账号，请先注册账号', Phone: phone };
    },
  },

  /**
   * Activates an offline card of the phone (SMS code spent) and logs in. The SMS code is checked
   * first: without it, a member's phone and a stranger's get the same answer (no enumeration).
   */
  'VIP_Member/ActivationPcVipCard': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: async (ctx) => {
      const { db, settings, fields } = ctx;
      const phone = phoneField(fields);
      const code = smsCode(fields);
      const cardNo = requiredString(fields, 'CardNo', '会员卡号', 32);
      const password = passwordField(fields);
      const now = nowSeconds(ctx.now);
      // The client's own limit first, the site-wide ceiling only for a request that passed it.
      const client = clientFor(ctx, phone, now);
      await clientLimit(ctx, 'registerClient', client);
      await siteCeiling(ctx, 'registerGlobal', client);
      const member = memberByPhone(db, phone);
      const card = isLoginable(member) ? undefined : cardsOfPhone(db, phone).find((c) => c.card_no === cardNo);
      // Spent only when the activation can go ahead; a wrong code still counts as a wrong try.
      await checkSmsCode(ctx, phone, code, now, Boolean(card));
      if (isLoginable(member)) throw new BackendError(ErrorNo.REFUSED, '该手机号已开通线上会员，请直接登录');
      if (!card) throw new BackendError(ErrorNo.REFUSED, '未找到该手机号名下的待激活会员卡');
      const activate = db.transaction(() => {
        const member = createMember(db, {
          phone,
          name: card.holder_name,
          password,
          cardNo: card.card_no,
          level: card.level,
          levelName: card.level_name,
          points: card.points,
        });
        db.prepare("UPDATE member_cards SET member_id = ?, activated_at = datetime('now') WHERE id = ?").run(member.id, card.id);
        return member;
      });
      return loggedIn(ctx, settings, activate.immediate());
    },
  },

  /** Registration (the agreement must be accepted: AgreeFlag=1), then logged in. */
  'VIP_Member/InsertPCVip': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: async (ctx) => {
      const { db, settings, fields, now: date } = ctx;
      const phone = phoneField(fields);
      const code = smsCode(fields);
      const name = checked(validateName(requiredString(fields, 'VipName', '姓名', 64)));
      const password = passwordField(fields);
      if (optionalString(fields, 'AgreeFlag', '协议确认', 4) !== '1') {
        throw new BackendError(ErrorNo.BAD_INPUT, '请阅读并同意会员服务协议');
      }
      const idRaw = optionalString(fields, 'IDCard', '身份证号', 32);
      const idInfo = idRaw ? checked(validateIdCard(idRaw, date)) : null;
      const now = nowSeconds(date);
      const client = clientFor(ctx, phone, now);
      await clientLimit(ctx, 'registerClient', client);
      await siteCeiling(ctx, 'registerGlobal', client);
      // The SMS code first: only the phone's owner learns whether it is registered (no enumeration).
      const taken = Boolean(memberByPhone(db, phone));
      const hasCards = !taken && cardsOfPhone(db, phone).length > 0;
      await checkSmsCode(ctx, phone, code, now, !taken && !hasCards);
      if (taken) throw new BackendError(ErrorNo.REFUSED, '该手机号已注册，请直接登录');
      if (hasCards) throw new BackendError(ErrorNo.REFUSED, '该手机号已有会员卡，请激活会员卡');
      if (idInfo) checkHolderIdCard(db, 0, name, idInfo.number, false);
      const member = db
        .transaction(() =>
          createMember(db, {
            phone,
            name,
            password,
            cardNo: null,
            idCard: idInfo?.number ?? null,
            birthday: idInfo?.birthday ?? null,
            sex: idInfo?.sex ?? null,
          }),
        )
        .immediate();
      return loggedIn(ctx, settings, member);
    },
  },

  /** Find password: a valid SMS code (spent) sets a new password and ends every session of the member. */
  'VIP_Member/ResetPwd': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: async (ctx) => {
      const { db, fields, throttles } = ctx;
      const phone = phoneField(fields);
      const code = smsCode(fields);
      const password = passwordField(fields);
      const now = nowSeconds(ctx.now);
      const client = clientFor(ctx, phone, now);
      await clientLimit(ctx, 'resetClient', client);
      await siteCeiling(ctx, 'resetGlobal', client);
      const member = memberByPhone(db, phone);
      await checkSmsCode(ctx, phone, code, now, true);
      if (!isLoginable(member)) throw new BackendError(ErrorNo.REFUSED, '未注册账号，请先注册账号');
      db.transaction(() => {
        db.prepare("UPDATE members SET password_hash = ?, updated_at = datetime('now') WHERE id = ?").run(hashPassword(password), member.id);
        db.prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE member_id = ? AND revoked_at IS NULL').run(now, member.id);
        // The code proved the phone: this client is known from now on and its password lock is lifted.
        proven(ctx, phone, now);
      })();
      // The guesses strangers made at the old password say nothing about the new one.
      await throttles.forget('loginPhone', phone);
      return { Success: true };
    },
  },

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
        if (!m || !date || date.toISOString().slice(0, 10) !== birthday || date > ctx.now || date.getUTCFullYear() < 1900) {
          throw new BackendError(ErrorNo.BAD_INPUT, '出生日期格式应为YYYY-MM-DD');
        }
      }
      const email = optionalString(fields, 'Email', '电子邮箱', 100);
      if (email && !EMAIL_RE.test(email)) throw new BackendError(ErrorNo.BAD_INPUT, '电子邮箱格式不正确');
      const address = checked(validateAddress(optionalString(fields, 'Address', '联系地址', 200), 200));
      // One ID card is one person, and the holder with a card counts among the 就诊人 (patients.ts).
      if (idCard && (idCard !== member.id_card || name !== member.name)) checkHolderIdCard(ctx.db, member.id, name, idCard, Boolean(member.id_card));
      ctx.db
        .prepare(
          `UPDATE members SET name = ?, birthday = ?, sex = ?, id_card = ?, email = ?, address = ?, updated_at = datetime('now')
           WHERE id = ?`,
        )
        .run(name, birthday, sex, idCard, email || null, address || null, member.id);
      return memberProfile(memberById(ctx.db, member.id)!);
    },
  },
} satisfies EndpointMap;
