'use server';
/**
 * Saving /modifyInfor (SPEC §2 member services, §5), through the gate (lib/actions/define-action.ts):
 * validates with the form's rules, sends UpdateVipinformation once (a write, never retried) and returns the
 * saved values, so the form shows them; on a failure it returns a message and the form keeps everything typed.
 */
import { defineAction, type ActionResult } from '@/lib/actions/define-action';
import { updateMemberInfo, type MemberProfile } from '@/lib/api/members';
import { MEMBER_INFO_FORMAT_MESSAGE, memberInfoDraftInput, memberInfoInput } from '@/lib/validation/form-schemas';
import type { MemberInfoDraft, MemberInfoErrors } from '@/lib/validation/member-info-rules';
import { fieldMessages, parseInput } from '@/lib/validation/parse-input';

export type SaveMemberInfoResult = ActionResult<{ profile: MemberProfile }, { errors: MemberInfoErrors }>;

const CHECK_MESSAGE = '请检查标出的内容，资料尚未保存';

// Each field a string (or absent): an array or an object is refused, never turned into text (docs/security.md).
export const saveMemberInfoAction = defineAction<typeof memberInfoDraftInput, { profile: MemberProfile }, { errors: MemberInfoErrors }, [draft: MemberInfoDraft]>(
  memberInfoDraftInput,
  async (draft, { client }) => {
    const checked = parseInput(memberInfoInput(), draft, CHECK_MESSAGE);
    if (!checked.ok) return { ok: false, message: CHECK_MESSAGE, errors: fieldMessages<keyof MemberInfoDraft>(checked.issues, CHECK_MESSAGE) };
    return { ok: true, profile: await updateMemberInfo(await client(), checked.value) };
  },
  { member: true, invalid: MEMBER_INFO_FORMAT_MESSAGE },
);
