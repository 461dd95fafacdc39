/**
 * A same-origin GET of one of the site's read routes (`/session/...`), for a
 * React Query `queryFn`: the JSON body, or a thrown error for any other answer,
 * so the query keeps what it showed before. Never a write (docs/decisions.md
 * "Reads are routes, writes are server actions").
 */
export async function readRoute<T>(path: string): Promise<T> {
  const response = await fetch(path, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}
