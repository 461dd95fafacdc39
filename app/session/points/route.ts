/**
 * GET /session/points: the member's points balance for the balance badges and
 * the exchange dialog (React Query key `memberPoints`). {points: null} for a
 * visitor. Member data: per request, private, never stored by a cache.
 */
import { messages } from '@/lib/messages';
import { loadMemberPoints } from '@/components/points/load-member-points';

export const dynamic = 'force-dynamic';

const privateJson = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { 'cache-control': 'private, no-store' } });

export async function GET() {
  try {
    return privateJson({ points: await loadMemberPoints() });
  } catch {
    // SPEC §8: the API is unreachable; the badges keep what they show.
    return privateJson({ error: messages.networkError }, 503);
  }
}
