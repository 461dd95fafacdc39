'use server';
/**
 * Sending a message (/customerMessage) or a complaint (/customerComplaints), SPEC §2 member services,
 * through the gate (lib/actions/define-action.ts): validates with the same rules as the form, never retries
 * the write, and returns a result so the form keeps the text when sending fails.
 */
import { z } from 'zod';
import { defineAction, type ActionResult } from '@/lib/actions/define-action';
import { addMessage, getMessageSources, type MessageKind } from '@/lib/api/messages';
import { MESSAGE_FORMAT_MESSAGE, messageDraftInput, messageInput } from '@/lib/validation/form-schemas';
import type { MessageDraft, MessageErrors } from '@/lib/validation/message-rules';
import { fieldMessages, parseInput } from '@/lib/validation/parse-input';

export type SendMessageResult = ActionResult<{ message: string }, { errors: MessageErrors }>;

const SUCCESS: Record<MessageKind, string> = {
  1: '留言提交成功，我们会在3个工作日内答复，请留意“我的留言”。',
  2: '投诉建议提交成功，我们会在3个工作日内处理并回访，感谢您的监督。',
};

const CHECK_MESSAGE = '请检查标出的内容';

/** 1 a message (/customerMessage), 2 a complaint (/customerComplaints); the kind is checked before the draft. */
const sendInput = z.object({
  kind: z.union([z.literal(1), z.literal(2)], { error: '留言类型无效' }),
  // Each field a string (or absent): an array or an object is refused, never turned into text (docs/security.md).
  draft: messageDraftInput,
});

export const sendMessageAction = defineAction<typeof sendInput, { message: string }, { errors: MessageErrors }, [kind: MessageKind, draft: MessageDraft]>(
  sendInput,
  async ({ kind, draft }, { client }) => {
    const sources = await getMessageSources(kind);
    const checked = parseInput(messageInput(sources.map((s) => s.id)), draft, CHECK_MESSAGE);
    if (!checked.ok) return { ok: false, message: CHECK_MESSAGE, errors: fieldMessages<keyof MessageDraft>(checked.issues, CHECK_MESSAGE) };
    await addMessage(await client(), { kind, ...checked.value });
    return { ok: true, message: SUCCESS[kind] };
  },
  { member: true, invalid: MESSAGE_FORMAT_MESSAGE, args: (kind, draft) => ({ kind, draft }) },
);
