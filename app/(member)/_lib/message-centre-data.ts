import 'server-only';
import { getMessageSources, getMyMessages, type MessageKind } from '@/lib/api/messages';
import { isSessionResetError } from '@/lib/api/token-client';
import { parsePage, type SearchParams } from '@/lib/url-params';
import { getSession, memberClient } from '@/lib/session';

/**
 * Data of /customerMessage and /customerComplaints: the sources (public,
 * cached) and, for a member, their own history page (never cached). Null for
 * a malformed page number or a page past the end (404).
 */
export async function loadMessageCentre(kind: MessageKind, params: SearchParams) {
  const page = parsePage(params.page, 999_999);
  if (page === null) return null;
  const sources = await getMessageSources(kind);
  const session = await getSession();
  if (!session) return page === 1 ? { sources, history: null } : null;
  try {
    const history = await getMyMessages(await memberClient(), { kind, page });
    if (page > 1 && history.items.length === 0) return null;
    return { sources, history };
  } catch (err) {
    if (isSessionResetError(err)) return { sources, history: null };
    throw err;
  }
}
