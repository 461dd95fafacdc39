'use server';
/**
 * Saving /modifyInfor (SPEC §2 member services, §5), through the gate (lib/actions/define-action.ts):
 * validates with the form's rules, sends UpdateVipinformation once (a write, never retried) and returns the
 * saved values, only those the form shows (member-info-view.ts), so the form shows them; on a failure it returns
 * a message and the form keeps everything typed.
 */
import { defineAction, type ActionResult } from '@/lib/actions/define-action';
import { updateMemberInfo } from '@/lib/api/members';
import { MEMBER_INFO_FORMAT_MESSAGE, memberInfoDraftInput, memberInfoInput } from '@/lib/validation/form-schemas';
import type { MemberInfoDraft, MemberInfoErrors } from '@/lib/validation/member-info-rules';
import { fieldMessages, parseInput } from '@/lib/validation/parse-input';
import { memberInfoViewOf, type MemberInfoView } from './member-info-view';

export type SaveMemberInfoResult = ActionResult<{ profile: MemberInfoView }, { errors: MemberInfoErrors }>;

const CHECK_MESSAGE = '请检查标出的内容，资料尚未保存';

// Each field a string (or absent): an array or an object is refused, never turned into text (docs/security.md).
export const saveMemberInfoAction = defineAction<typeof memberInfoDraftInput, { profile: MemberInfoView }, { errors: MemberInfoErrors }, [draft: MemberInfoDraft]>(
  memberInfoDraftInput,
  async (draft, { client }) => {
    const checked = parseInput(memberInfoInput(), draft, CHECK_MESSAGE);
    if (!checked.ok) return { ok: false, message: CHECK_MESSAGE, errors: fieldMessages<keyof MemberInfoDraft>(checked.issues, CHECK_MESSAGE) };
    return { ok: true, profile: memberInfoViewOf(await updateMemberInfo(await client(), checked.value)) };
  },
  { member: true, invalid: MEMBER_INFO_FORMAT_MESSAGE },
);
