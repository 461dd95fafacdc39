import 'server-only';
/**
 * TW_Message (SPEC §7 Messages): sources (public, cached) and the member's
 * own messages and complaints (member data, never cached).
 */
import { REVALIDATE, CACHE_TAGS, cachedRead } from './cache';
import { publicRead } from './public';
import type { AuthedClient, Page } from './types';
import type { WireMessage } from '@/lib/contract';

/** 1 = 客户留言, 2 = 投诉建议 (wire Type). */
export type MessageKind = 1 | 2;


export interface MessageSource {
  id: number;
  name: string;
}

export interface MemberMessage {
  id: number;
  kind: MessageKind;
  sourceName: string;
  title: string;
  content: string;
  reply: string;
  replyAt: string;
  replied: boolean;
  createdAt: string;
}

export interface NewMessage {
  kind: MessageKind;
  sourceId: number;
  title?: string;
  content: string;
  contactPhone?: string;
}

const reshapeMessage = (m: WireMessage): MemberMessage => ({
  id: m.MessageID,
  kind: m.Type === 2 ? 2 : 1,
  sourceName: m.SourceName,
  title: m.Title,
  content: m.Content,
  reply: m.Reply,
  replyAt: m.ReplyTime,
  replied: m.Status === 1,
  createdAt: m.CreateTime,
});

/** GetMessageSrouce (sic, SPEC §7) for one kind. */
export function getMessageSources(kind: MessageKind): Promise<MessageSource[]> {
  return cachedRead(
    ['message-sources', kind],
    async () => {
      const r = await publicRead('TW_Message/GetMessageSrouce', { Type: kind });
      return r.DataList.map((s) => ({ id: s.SourceID, name: s.SourceName }));
    },
    { tags: [CACHE_TAGS.messageSources], revalidate: REVALIDATE.reference },
  );
}

/** GetMessageList: the caller's own messages of one kind, newest first. */
export async function getMyMessages(
  client: AuthedClient,
  query: { kind: MessageKind; page?: number; pageSize?: number },
): Promise<Page<MemberMessage>> {
  const r = await client.post('TW_Message/GetMessageList', {
    Type: query.kind,
    PageIndex: query.page ?? 1,
    PageSize: query.pageSize ?? 10,
  });
  return { items: r.DataList.map(reshapeMessage), total: r.TotalCount, page: r.PageIndex, pageSize: r.PageSize };
}

/** AddTW_Message: a write, never retried. */
export async function addMessage(client: AuthedClient, input: NewMessage): Promise<{ id: number; createdAt: string }> {
  const r = await client.post(
    'TW_Message/AddTW_Message',
    {
      Type: input.kind,
      SourceID: input.sourceId,
      Title: input.title ?? '',
      Content: input.content,
      ContactPhone: input.contactPhone ?? '',
    },
    { write: true },
  );
  return { id: r.MessageID, createdAt: r.CreateTime };
}
