/**
 * What /modifyInfor shows of the member (SPEC §2 member services, §5), as GET /session/member-info reads it and the
 * save answers it: the fields of the form and the phone it shows, no more of the member (the ID card masked by the
 * API). Wrapped in components/ui/member-read.ts.
 */
import type { MemberProfile } from '@/lib/api/members';

export type MemberInfoView = Pick<MemberProfile, 'name' | 'phone' | 'sex' | 'birthday' | 'idCardMasked' | 'email' | 'address'>;

export const memberInfoViewOf = ({ name, phone, sex, birthday, idCardMasked, email, address }: MemberProfile): MemberInfoView => ({
  name,
  phone,
  sex,
  birthday,
  idCardMasked,
  email,
  address,
});
