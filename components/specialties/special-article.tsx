import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { Special } from '@/lib/api/specialties';
import { formatDate } from '@/lib/format';
import { routes } from '@/lib/routes';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { SanitizedHtml } from '@/components/ui/sanitized-html';

/** A work result, dynamic or special page: the API's HTML, sanitized on the server (ARCHITECTURE). */
export function SpecialArticle({ special }: { special: Special }) {
  return (
    <article className="rounded-lg border border-stone-200 bg-white p-8">
      <p className="text-sm text-jade-700">{special.typeName}</p>
      <h1 className="mt-2 text-2xl font-bold text-stone-900">{special.title}</h1>
      <p className="mt-3 flex flex-wrap gap-4 text-sm text-stone-600">
        <time dateTime={special.createdAt}>{formatDate(special.createdAt)}</time>
        {special.studioId ? (
          <Link href={routes.expertStudioDetail(special.studioId)} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
            {special.studioName}
          </Link>
        ) : null}
        {special.doctorCode ? (
          <Link href={routes.doctorDetail(special.doctorCode)} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
            {special.doctorName}
          </Link>
        ) : null}
      </p>
      <StaticImage src={special.image} alt="" width={640} height={400} className="mt-6 max-h-80 w-full rounded-lg object-cover" />
      <SanitizedHtml className="article-body mt-6 text-stone-800" html={sanitizeArticleHtml(special.contentHtml)} />
    </article>
  );
}

export function specialHref(s: { id: number; type: 1 | 2 | 3 }): string {
  return s.type === 1 ? routes.workResultDetail(s.id) : s.type === 2 ? routes.workDynamicDetail(s.id) : routes.specialDetail(s.id);
}
