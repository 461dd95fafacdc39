/**
 * TW_Message (SPEC §7): a member's messages (Type 1, 留言) and complaints
 * (Type 2, 投诉建议), each with a source/category. GetMessageList returns only
 * the caller's own (docs/api.md).
 */
import { isPlainText } from '@/lib/validation';
import { listResult, optionalEnum, optionalString, paging, requiredInt } from '../fields';
import { BackendError, ErrorNo, type Caller, type EndpointMap } from '../types';
import type { WireMessage } from '@/lib/contract';

export const MESSAGE_TYPES = ['1', '2'] as const;
/** Content length limits, in characters (code points); the forms show the same limits. */
export const MESSAGE_CONTENT_MIN = 5;
export const MESSAGE_CONTENT_MAX = 500;
export const MESSAGE_TITLE_MAX = 50;

const charLength = (s: string) => Array.from(s).length;

function memberOf(caller: Caller) {
  if (caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
  return caller;
}

interface MessageRow {
  id: number;
  kind: number;
  source_id: number;
  source_name: string;
  title: string;
  content: string;
  contact_phone: string;
  reply: string;
  reply_at: string | null;
  created_at: string;
}

export const messageEndpoints = {
  'TW_Message/GetMessageSrouce': {
    access: 'public',
    handle({ db, fields }) {
      const type = optionalEnum(fields, 'Type', MESSAGE_TYPES, '留言类型');
      const rows = (
        type
          ? db.prepare(`SELECT id, kind, name FROM message_sources WHERE kind = ? ORDER BY sort, id`).all(Number(type))
          : db.prepare(`SELECT id, kind, name FROM message_sources ORDER BY kind, sort, id`).all()
      ) as { id: number; kind: number; name: string }[];
      return {
        DataList: rows.map((r) => ({ SourceID: r.id, SourceName: r.name, Type: r.kind })),
        TotalCount: rows.length,
      };
    },
  },

  'TW_Message/AddTW_Message': {
    access: 'member',
    write: true,
    handle({ db, fields, caller, now }) {
      const member = memberOf(caller);
      const type = optionalEnum(fields, 'Type', MESSAGE_TYPES, '留言类型') || '1';
      const sourceId = requiredInt(fields, 'SourceID', '留言分类', { min: 1 });
      const title = optionalString(fields, 'Title', '标题', MESSAGE_TITLE_MAX * 4);
      if (!isPlainText(title)) throw new BackendError(ErrorNo.BAD_INPUT, '标题包含无效字符');
      if (charLength(title) > MESSAGE_TITLE_MAX) throw new BackendError(ErrorNo.BAD_INPUT, `标题不能超过${MESSAGE_TITLE_MAX}个字`);
      const content = optionalString(fields, 'Content', '留言内容', MESSAGE_CONTENT_MAX * 4);
      if (!content) throw new BackendError(ErrorNo.BAD_INPUT, '请填写留言内容');
      // docs/security.md: line breaks are part of a message; NUL, escapes and other control characters are not.
      if (!isPlainText(content, { multiline: true })) throw new BackendError(ErrorNo.BAD_INPUT, '留言内容包含无效字符');
      const n = charLength(content);
      if (n < MESSAGE_CONTENT_MIN) throw new BackendError(ErrorNo.BAD_INPUT, `内容至少${MESSAGE_CONTENT_MIN}个字`);
      if (n > MESSAGE_CONTENT_MAX) throw new BackendError(ErrorNo.BAD_INPUT, `内容不能超过${MESSAGE_CONTENT_MAX}个字`);
      const phone = optionalString(fields, 'ContactPhone', '联系电话', 20);
      if (phone && !/^\d{11}$/.test(phone)) throw new BackendError(ErrorNo.BAD_INPUT, '联系电话应为11位手机号');
      const source = db.prepare(`SELECT id FROM message_sources WHERE id = ? AND kind = ?`).get(sourceId, Number(type));
      if (!source) throw new BackendError(ErrorNo.BAD_INPUT, '留言分类无效，请重新选择');
      const createdAt = now.toISOString();
      const id = Number(
        db
          .prepare(
            `INSERT INTO member_messages (member_id, vip_code, kind, source_id, title, content, contact_phone, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(member.memberId, member.vipCode, Number(type), sourceId, title, content, phone, createdAt).lastInsertRowid,
      );
      return { MessageID: id, CreateTime: createdAt };
    },
  },

  'TW_Message/GetMessageList': {
    access: 'member',
    handle({ db, fields, caller }) {
      const member = memberOf(caller);
      const page = paging(fields, { defaultSize: 10, maxSize: 50 });
      const type = optionalEnum(fields, 'Type', MESSAGE_TYPES, '留言类型');
      const where = type ? 'm.member_id = ? AND m.kind = ?' : 'm.member_id = ?';
      const args: number[] = type ? [member.memberId, Number(type)] : [member.memberId];
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM member_messages m WHERE ${where}`).get(...args) as { n: number }).n;
      const rows = db
        .prepare(
          `SELECT m.id, m.kind, m.source_id, s.name AS source_name, m.title, m.content, m.contact_phone, m.reply, m.reply_at, m.created_at
           FROM member_messages m JOIN message_sources s ON s.id = m.source_id
           WHERE ${where} ORDER BY m.id DESC LIMIT ? OFFSET ?`,
        )
        .all(...args, page.pageSize, page.offset) as MessageRow[];
      return listResult(
        rows.map((r): WireMessage => ({
          MessageID: r.id,
          Type: r.kind,
          SourceID: r.source_id,
          SourceName: r.source_name,
          Title: r.title,
          Content: r.content,
          ContactPhone: r.contact_phone,
          Reply: r.reply,
          ReplyTime: r.reply_at ?? '',
          /** 0 待回复, 1 已回复 */
          Status: r.reply ? 1 : 0,
          CreateTime: r.created_at,
        })),
        total,
        page,
      );
    },
  },
} satisfies EndpointMap;
