/**
 * Rules of the message and complaint forms (SPEC §2 member services), shared by the form (as
 * the member types) and the server action (before the write). The backend
 * enforces the same limits (TW_Message/AddTW_Message).
 */
import { isPlainText, validatePhone, type Validation } from './fields';

export const MESSAGE_CONTENT_MIN = 5;
export const MESSAGE_CONTENT_MAX = 500;
export const MESSAGE_TITLE_MAX = 50;

export interface MessageDraft {
  sourceId: string;
  title: string;
  content: string;
  contactPhone: string;
}

export interface CleanMessage {
  sourceId: number;
  title: string;
  content: string;
  contactPhone: string;
}

export type MessageErrors = Partial<Record<keyof MessageDraft, string>>;

/** Characters as a person counts them (汉字 count one each). */
export const countChars = (s: string) => Array.from(s).length;

export function validateMessageDraft(
  draft: MessageDraft,
  sourceIds: readonly number[],
): { ok: true; value: CleanMessage } | { ok: false; errors: MessageErrors } {
  const errors: MessageErrors = {};
  const sourceId = Number(draft.sourceId);
  if (!draft.sourceId) errors.sourceId = '请选择分类';
  else if (!/^\d{1,9}$/.test(draft.sourceId) || !sourceIds.includes(sourceId)) errors.sourceId = '分类无效，请重新选择';

  const title = draft.title.trim();
  if (!isPlainText(title)) errors.title = '标题包含无效字符';
  else if (countChars(title) > MESSAGE_TITLE_MAX) errors.title = `标题不能超过${MESSAGE_TITLE_MAX}个字`;

  const content = draft.content.trim();
  const n = countChars(content);
  if (n === 0) errors.content = '请填写内容';
  else if (!isPlainText(content, { multiline: true })) errors.content = '内容包含无效字符';
  else if (n < MESSAGE_CONTENT_MIN) errors.content = `内容至少${MESSAGE_CONTENT_MIN}个字`;
  else if (n > MESSAGE_CONTENT_MAX) errors.content = `内容不能超过${MESSAGE_CONTENT_MAX}个字`;

  let contactPhone = '';
  if (draft.contactPhone.trim()) {
    const phone: Validation<string> = validatePhone(draft.contactPhone);
    if (phone.ok) contactPhone = phone.value;
    else errors.contactPhone = phone.message;
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { sourceId, title, content, contactPhone } };
}
