import { notFound, redirect } from 'next/navigation';
import { safeInternalPath, withQuery } from '@/lib/routes';

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * SPEC §2 redirect helper: /redirect/{path} goes to an internal path of this
 * site only. Anything else (//evil.example, /\evil.example, a scheme) is the
 * 404 page, never an open redirect. Segments arrive percent-encoded, so they
 * are judged decoded and re-encoded for the Location header.
 */
export default async function RedirectPage({
  params,
  searchParams,
}: {
  params: Promise<{ path: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { path } = await params;
  const segments = path.map(decodeSegment);
  if (segments.some((s) => s === null || s === '' || /[\\/\u0000-\u001f]/.test(s))) notFound();
  const query = await searchParams;
  const single: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (typeof v === 'string') single[k] = v;
  const target = safeInternalPath(withQuery(`/${(segments as string[]).map(encodeURIComponent).join('/')}`, single));
  if (!target) notFound();
  redirect(target);
}
