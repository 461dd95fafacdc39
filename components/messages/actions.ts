'use server';
/**
 * Sending a message (/customerMessage) or a complaint (/customerComplaints),
 * SPEC §2 member services. Checks the session on the server, validates with the same rules as
 * the form, never retries the write, and returns a typed result so the form
 * keeps the text when sending fails.
 */
import { z } from 'zod';
import { isApiError } from '@/lib/api/errors';
import { addMessage, getMessageSources, type MessageKind } from '@/lib/api/messages';
import { isSessionResetError } from '@/lib/api/token-client';
import { messages } from '@/lib/messages';
import { getSession, memberClient } from '@/lib/session';
import { MESSAGE_FORMAT_MESSAGE, messageDraftInput, messageInput } from '@/lib/validation/form-schemas';
import type { MessageDraft, MessageErrors } from '@/lib/validation/message-rules';
import { fieldMessages, parseInput } from '@/lib/validation/parse-input';
import { requestIsSameOrigin } from '@/lib/session/origin';

export type SendMessageResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors?: MessageErrors; sessionExpired?: boolean };

const SUCCESS: Record<MessageKind, string> = {
  1: '留言提交成功，我们会在3个工作日内答复，请留意“我的留言”。',
  2: '投诉建议提交成功，我们会在3个工作日内处理并回访，感谢您的监督。',
};

/** 1 a message (/customerMessage), 2 a complaint (/customerComplaints). */
const messageKind = z.union([z.literal(1), z.literal(2)], { error: '留言类型无效' });

export async function sendMessageAction(rawKind: MessageKind, draft: MessageDraft): Promise<SendMessageResult> {
  // Every action checks Origin itself (docs/security.md): none, or another site's, is refused.
  if (!(await requestIsSameOrigin())) return { ok: false, message: '请求来源无效，请刷新页面后重试' };
  const parsedKind = parseInput(messageKind, rawKind, '留言类型无效');
  if (!parsedKind.ok) return { ok: false, message: parsedKind.message };
  const kind = parsedKind.value;
  if (!(await getSession())) return { ok: false, message: messages.loginRequired, sessionExpired: true };
  // Each field a string (or absent): an array or an object is refused, never turned into text (docs/security.md).
  const safeDraft = parseInput(messageDraftInput, draft, MESSAGE_FORMAT_MESSAGE);
  if (!safeDraft.ok) return { ok: false, message: MESSAGE_FORMAT_MESSAGE };
  const sources = await getMessageSources(kind);
  const checked = parseInput(messageInput(sources.map((s) => s.id)), safeDraft.value, '请检查标出的内容');
  if (!checked.ok) return { ok: false, message: '请检查标出的内容', errors: fieldMessages<keyof MessageDraft>(checked.issues, '请检查标出的内容') };
  try {
    await addMessage(await memberClient(), { kind, ...checked.value });
    return { ok: true, message: SUCCESS[kind] };
  } catch (err) {
    if (isSessionResetError(err)) return { ok: false, message: messages.sessionExpired, sessionExpired: true };
    if (isApiError(err)) return { ok: false, message: err.errorNo < 0 ? messages.networkError : err.errorInfo };
    throw err;
  }
}
