'use server';
/**
 * Saving /modifyInfor (SPEC §2 member services, §5). Checks the session on the server,
 * validates with the form's rules, sends UpdateVipinformation once (a write,
 * never retried) and returns the saved values, so the form shows them; on a
 * failure it returns a message and the form keeps everything typed.
 */
import { isApiError } from '@/lib/api/errors';
import { updateMemberInfo, type MemberProfile } from '@/lib/api/members';
import { isSessionResetError } from '@/lib/api/token-client';
import { messages } from '@/lib/messages';
import { getSession, memberClient } from '@/lib/session';
import { MEMBER_INFO_FORMAT_MESSAGE, memberInfoDraftInput, memberInfoInput } from '@/lib/validation/form-schemas';
import type { MemberInfoDraft, MemberInfoErrors } from '@/lib/validation/member-info-rules';
import { fieldMessages, parseInput } from '@/lib/validation/parse-input';
import { requestIsSameOrigin } from '@/lib/session/origin';

export type SaveMemberInfoResult =
  | { ok: true; profile: MemberProfile }
  | { ok: false; message: string; errors?: MemberInfoErrors; sessionExpired?: boolean };

const CHECK_MESSAGE = '请检查标出的内容，资料尚未保存';

export async function saveMemberInfoAction(draft: MemberInfoDraft): Promise<SaveMemberInfoResult> {
  // Every action checks Origin itself (docs/security.md): none, or another site's, is refused.
  if (!(await requestIsSameOrigin())) return { ok: false, message: '请求来源无效，请刷新页面后重试' };
  if (!(await getSession())) return { ok: false, message: messages.loginRequired, sessionExpired: true };
  // Each field a string (or absent): an array or an object is refused, never turned into text (docs/security.md).
  const safe = parseInput(memberInfoDraftInput, draft, MEMBER_INFO_FORMAT_MESSAGE);
  if (!safe.ok) return { ok: false, message: MEMBER_INFO_FORMAT_MESSAGE };
  const checked = parseInput(memberInfoInput(), safe.value, CHECK_MESSAGE);
  if (!checked.ok) return { ok: false, message: CHECK_MESSAGE, errors: fieldMessages<keyof MemberInfoDraft>(checked.issues, CHECK_MESSAGE) };
  try {
    return { ok: true, profile: await updateMemberInfo(await memberClient(), checked.value) };
  } catch (err) {
    if (isSessionResetError(err)) return { ok: false, message: messages.sessionExpired, sessionExpired: true };
    if (isApiError(err)) return { ok: false, message: err.errorNo < 0 ? messages.networkError : err.errorInfo };
    throw err;
  }
}
