/**
 * GET /session/online-status?ids=1,2,…: 在线/离线 of up to 100 doctors
 * (DoctorIsOnline), for the badges' poll (React Query key `onlineStatus`).
 * The same answer for everyone, kept for a short while.
 */
import { messages } from '@/lib/messages';
import { getOnlineStatus } from '@/lib/api/online';

export const dynamic = 'force-dynamic';

const MAX_IDS = 100;

const json = (body: unknown, status = 200, cacheControl = 'public, max-age=30') =>
  Response.json(body, { status, headers: { 'cache-control': status === 200 ? cacheControl : 'no-store' } });

/** "1,2,3" → [1, 2, 3]; null for anything else (empty, a non-integer, too many). */
function parseDoctorIds(raw: string | null): number[] | null {
  if (!raw || raw.length > 1200) return null;
  const parts = raw.split(',');
  if (parts.length > MAX_IDS || !parts.every((p) => /^[1-9]\d{0,9}$/.test(p))) return null;
  return [...new Set(parts.map(Number))];
}

export async function GET(request: Request) {
  const ids = parseDoctorIds(new URL(request.url).searchParams.get('ids'));
  if (!ids) return json({ error: '医生编号不正确（1至100个正整数，以逗号分隔）' }, 400);
  try {
    return json({ statuses: await getOnlineStatus(ids) });
  } catch {
    return json({ error: messages.networkError }, 503);
  }
}
