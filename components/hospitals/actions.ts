'use server';
/**
 * The favourite toggle's server action (SPEC §2: AddOrgCollection / CannelCollection).
 * A visitor gets 请先登录; a write is never retried (ARCHITECTURE). Returns a
 * typed result instead of throwing at the UI (STYLE.md §5).
 */
import { z } from 'zod';
import { addFavourite, cancelFavourite } from '@/lib/api/collections';
import { isApiError } from '@/lib/api/errors';
import { isSessionResetError } from '@/lib/api/token-client';
import { messages } from '@/lib/messages';
import { getSession, memberClient } from '@/lib/session';
import { requestIsSameOrigin } from '@/lib/session/origin';
import { parseInput } from '@/lib/validation/parse-input';

const input = z.strictObject({
  kind: z.enum(['clinic', 'doctor']),
  code: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  collect: z.boolean(),
});

export type FavouriteActionResult =
  | { ok: true; collected: boolean; count: number }
  | { ok: false; needsLogin: boolean; message: string };

export async function toggleFavourite(raw: unknown): Promise<FavouriteActionResult> {
  // Every action checks Origin itself (docs/security.md): none, or another site's, is refused.
  if (!(await requestIsSameOrigin())) return { ok: false, needsLogin: false, message: '请求来源无效，请刷新页面后重试' };
  const parsed = parseInput(input, raw, '收藏参数不正确');
  if (!parsed.ok) return { ok: false, needsLogin: false, message: '收藏参数不正确' };
  const session = await getSession();
  if (!session) return { ok: false, needsLogin: true, message: messages.loginRequired };
  const { kind, code, collect } = parsed.value;
  try {
    const client = await memberClient();
    const r = collect ? await addFavourite(client, kind, code) : await cancelFavourite(client, kind, code);
    return { ok: true, collected: r.collected, count: r.count };
  } catch (err) {
    if (isSessionResetError(err)) return { ok: false, needsLogin: true, message: messages.sessionExpired };
    if (isApiError(err)) return { ok: false, needsLogin: false, message: err.errorInfo };
    return { ok: false, needsLogin: false, message: messages.networkError };
  }
}
