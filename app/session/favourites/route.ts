/**
 * GET /session/favourites?kind=clinic|doctor: the member's favourite codes of
 * one kind, for the 收藏 toggles of a page. One request serves every toggle on
 * the page (they share one React Query key); the page itself stays the same
 * for everyone. Answers {loggedIn: false} for a visitor; never a token.
 */
import { z } from 'zod';
import { getFavouriteClinics, getFavouriteDoctors } from '@/lib/api/collections';
import { getSession, memberClient } from '@/lib/session';
import { parseInput, queryOf } from '@/lib/validation/parse-input';

export const dynamic = 'force-dynamic';

/** The most favourites one member can hold that the toggles know about. */
const MAX_FAVOURITES = 100;

const favouritesQuery = z.object({ kind: z.enum(['clinic', 'doctor'], { error: '收藏类型不正确' }) });

const privateJson = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { 'cache-control': 'private, no-store' } });

export async function GET(request: Request) {
  const query = parseInput(favouritesQuery, queryOf(new URL(request.url).searchParams), '收藏类型不正确');
  if (!query.ok) return privateJson({ error: query.message }, 400);
  const { kind } = query.value;
  if (!(await getSession())) return privateJson({ loggedIn: false, codes: [] });
  try {
    const client = await memberClient();
    const codes =
      kind === 'clinic'
        ? (await getFavouriteClinics(client, 1, MAX_FAVOURITES)).items.map((c) => c.code)
        : (await getFavouriteDoctors(client, 1, MAX_FAVOURITES)).items.map((d) => d.appointmentCode);
    return privateJson({ loggedIn: true, codes });
  } catch {
    // The toggles then show the page's own state; a write still checks the session.
    return privateJson({ loggedIn: false, codes: [] });
  }
}
