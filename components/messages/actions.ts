'use server';
/**
 * Sending a message (/customerMessage) or a complaint (/customerComplaints),
 * SPEC §2 member services. Checks the session on the server, validates with the same rules as
 * the form, never retries the write, and returns a typed result so the form
 * keeps the text when sending fails.
 */
import { isApiError } from '@/lib/api/errors';
import { addMessage, getMessageSources, type MessageKind } from '@/lib/api/messages';
import { isSessionResetError } from '@/lib/api/token-client';
import { messages } from '@/lib/messages';
import { getSession, memberClient } from '@/lib/session';
import { validateMessageDraft, type MessageDraft, type MessageErrors } from '@/lib/validation/message-rules';
import { requestIsSameOrigin } from '@/lib/session/origin';

export type SendMessageResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors?: MessageErrors; sessionExpired?: boolean };

const SUCCESS: Record<MessageKind, string> = {
  1: '留言提交成功，我们会在3个工作日内答复，请留意“我的留言”。',
  2: '投诉建议提交成功，我们会在3个工作日内处理并回访，感谢您的监督。',
};

/** Each field a string (or absent): an array or an object is refused, never turned into text (docs/security.md). */
function draftOf(raw: unknown): MessageDraft | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const draft: MessageDraft = { sourceId: '', title: '', content: '', contactPhone: '' };
  for (const key of Object.keys(draft) as (keyof MessageDraft)[]) {
    const value = Object.hasOwn(r, key) ? r[key] : undefined;
    if (value === undefined || value === null) continue;
    if (typeof value === 'number' && key === 'sourceId' && Number.isInteger(value)) draft[key] = String(value);
    else if (typeof value === 'string') draft[key] = value;
    else return null;
  }
  return draft;
}

export async function sendMessageAction(kind: MessageKind, draft: MessageDraft): Promise<SendMessageResult> {
  // Every action checks Origin itself (docs/security.md): none, or another site's, is refused.
  if (!(await requestIsSameOrigin())) return { ok: false, message: '请求来源无效，请刷新页面后重试' };
  if (kind !== 1 && kind !== 2) return { ok: false, message: '留言类型无效' };
  if (!(await getSession())) return { ok: false, message: messages.loginRequired, sessionExpired: true };
  const safeDraft = draftOf(draft);
  if (!safeDraft) return { ok: false, message: '留言内容格式不正确，请刷新页面后重试' };
  const sources = await getMessageSources(kind);
  const checked = validateMessageDraft(safeDraft, sources.map((s) => s.id));
  if (!checked.ok) return { ok: false, message: '请检查标出的内容', errors: checked.errors };
  try {
    await addMessage(await memberClient(), { kind, ...checked.value });
    return { ok: true, message: SUCCESS[kind] };
  } catch (err) {
    if (isSessionResetError(err)) return { ok: false, message: messages.sessionExpired, sessionExpired: true };
    if (isApiError(err)) return { ok: false, message: err.errorNo < 0 ? messages.networkError : err.errorInfo };
    throw err;
  }
}
