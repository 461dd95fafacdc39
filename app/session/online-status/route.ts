/**
 * GET /session/online-status?ids=1,2,…: 在线/离线 of up to 100 doctors
 * (DoctorIsOnline), for the badges' poll (React Query key `onlineStatus`).
 * The same answer for everyone, kept for a short while.
 */
import { z } from 'zod';
import { getOnlineStatus } from '@/lib/api/online';
import { messages } from '@/lib/messages';
import { parseInput, queryOf } from '@/lib/validation/parse-input';

export const dynamic = 'force-dynamic';

const MAX_IDS = 100;

const json = (body: unknown, status = 200, cacheControl = 'public, max-age=30') =>
  Response.json(body, { status, headers: { 'cache-control': status === 200 ? cacheControl : 'no-store' } });

const BAD_IDS = '医生编号不正确（1至100个正整数，以逗号分隔）';

/** ?ids=1,2,3 → [1, 2, 3] without repeats; anything else (empty, a non-integer, too many, repeated) is refused. */
const onlineStatusQuery = z.object({
  ids: z
    .string({ error: BAD_IDS })
    .max(1200, BAD_IDS)
    .transform((raw) => raw.split(','))
    .pipe(z.array(z.string().regex(/^[1-9]\d{0,9}$/, BAD_IDS)).max(MAX_IDS, BAD_IDS))
    .transform((parts) => [...new Set(parts.map(Number))]),
});

export async function GET(request: Request) {
  const query = parseInput(onlineStatusQuery, queryOf(new URL(request.url).searchParams), BAD_IDS);
  if (!query.ok) return json({ error: query.message }, 400);
  try {
    return json({ statuses: await getOnlineStatus(query.value.ids) });
  } catch {
    return json({ error: messages.networkError }, 503);
  }
}
