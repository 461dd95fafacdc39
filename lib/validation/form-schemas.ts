/**
 * zod schemas of the /modifyInfor and message forms' server actions (SPEC §2 member services, §5). A
 * schema first takes the form's shape (each field a string or absent; an array or an object is refused,
 * never turned into text: docs/security.md), then applies the same rules as the form in the browser
 * (member-info-rules.ts, message-rules.ts): each field's Chinese message comes back on its path.
 */
import { z } from 'zod';
import { validateMemberInfo, type CleanMemberInfo, type MemberInfoDraft } from './member-info-rules';
import { validateMessageDraft, type CleanMessage, type MessageDraft } from './message-rules';
import { optionalText } from './parse-input';

export const MEMBER_INFO_FORMAT_MESSAGE = '资料格式不正确，请刷新页面后重试';

/** The /modifyInfor form as sent: six text fields, absent or null read as ''. */
export const memberInfoDraftInput = z.object(
  {
    name: optionalText(MEMBER_INFO_FORMAT_MESSAGE),
    sex: optionalText(MEMBER_INFO_FORMAT_MESSAGE),
    birthday: optionalText(MEMBER_INFO_FORMAT_MESSAGE),
    idCard: optionalText(MEMBER_INFO_FORMAT_MESSAGE),
    email: optionalText(MEMBER_INFO_FORMAT_MESSAGE),
    address: optionalText(MEMBER_INFO_FORMAT_MESSAGE),
  },
  { error: MEMBER_INFO_FORMAT_MESSAGE },
) satisfies z.ZodType<MemberInfoDraft>;

/** A /modifyInfor draft checked by the SPEC §5 rules; the ID card decides birthday and sex. */
export const memberInfoInput = (today: Date = new Date()) =>
  z.custom<MemberInfoDraft>().transform((draft, ctx): CleanMemberInfo => {
    const checked = validateMemberInfo(draft, today);
    if (checked.ok) return checked.value;
    for (const [path, message] of Object.entries(checked.errors)) ctx.addIssue({ code: 'custom', path: [path], message });
    return z.NEVER;
  });

export const MESSAGE_FORMAT_MESSAGE = '留言内容格式不正确，请刷新页面后重试';

/** The message form as sent; the category may come as a whole number. */
export const messageDraftInput = z.object(
  {
    sourceId: z
      .union([z.string(), z.int().transform(String)], { error: MESSAGE_FORMAT_MESSAGE })
      .nullish()
      .transform((v) => v ?? ''),
    title: optionalText(MESSAGE_FORMAT_MESSAGE),
    content: optionalText(MESSAGE_FORMAT_MESSAGE),
    contactPhone: optionalText(MESSAGE_FORMAT_MESSAGE),
  },
  { error: MESSAGE_FORMAT_MESSAGE },
) satisfies z.ZodType<MessageDraft>;

/** A message draft checked by the form's rules, against the categories the API offers for its kind. */
export const messageInput = (sourceIds: readonly number[]) =>
  z.custom<MessageDraft>().transform((draft, ctx): CleanMessage => {
    const checked = validateMessageDraft(draft, sourceIds);
    if (checked.ok) return checked.value;
    for (const [path, message] of Object.entries(checked.errors)) ctx.addIssue({ code: 'custom', path: [path], message });
    return z.NEVER;
  });
