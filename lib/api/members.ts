import 'server-only';
/**
 * VIP_Member (SPEC §7 Members) calls made for a logged-in member. Each takes
 * an AuthedClient (lib/session memberClient()) as first argument.
 */
import type { AuthedClient } from './types';
import type { WireMember } from '@/lib/contract';

export interface MemberProfile {
  vipCode: string;
  name: string;
  phone: string;
  cardNo: string;
  level: number;
  levelName: string;
  points: number;
  /** yyyy-mm-dd, or '' when unknown. */
  birthday: string;
  /** SPEC §5: 1 male, 0 female, null unknown. */
  sex: 0 | 1 | null;
  /** Masked by the API (first 6 and last 4 digits), or ''. */
  idCardMasked: string;
  email: string;
  address: string;
  memberSince: string;
}

function reshapeMember(m: WireMember): MemberProfile {
  return {
    vipCode: m.VipCode,
    name: m.VipName,
    phone: m.Phone,
    cardNo: m.CardNo,
    level: m.LevelID,
    levelName: m.LevelName,
    points: m.Points,
    birthday: m.Birthday || '',
    sex: m.Sex === 0 || m.Sex === 1 ? m.Sex : null,
    idCardMasked: m.IDCard || '',
    email: m.Email || '',
    address: m.Address || '',
    memberSince: m.CreateTime,
  };
}

/** GetVIPMember: the logged-in member's own record. */
export async function getMemberProfile(client: AuthedClient): Promise<MemberProfile> {
  return reshapeMember(await client.post('VIP_Member/GetVIPMember'));
}

export interface MemberInfoInput {
  name: string;
  sex?: 0 | 1;
  /** yyyy-mm-dd */
  birthday?: string;
  /** A full ID card number; leave undefined to keep the stored one. It sets birthday and sex (SPEC §5). */
  idCard?: string;
  email?: string;
  address?: string;
}

/** UpdateVipinformation (a write: never retried). Returns the updated record. */
export async function updateMemberInfo(client: AuthedClient, input: MemberInfoInput): Promise<MemberProfile> {
  const result = await client.post(
    'VIP_Member/UpdateVipinformation',
    {
      VipName: input.name,
      Sex: input.sex,
      Birthday: input.birthday,
      IDCard: input.idCard,
      Email: input.email,
      Address: input.address,
    },
    { write: true },
  );
  return reshapeMember(result);
}
