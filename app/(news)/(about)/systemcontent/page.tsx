import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { getSystemDoc, getSystemLog } from '@/lib/api/system';
import { formatDate } from '@/lib/format';
import { parseId, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata, summarize } from '@/lib/seo';
import { SanitizedHtml } from '@/components/ui/sanitized-html';
import type { SafeHtml } from '@/lib/sanitize';

/**
 * SPEC §2 /systemcontent: one rule (?id=, from GetSystemList) or one entry of
 * the revision log (?log=, GetLogListDetail). Anything else is a 404.
 */
type Props = { searchParams: Promise<SearchParams> };

interface Shown {
  title: string;
  meta: string;
  bodyHtml: SafeHtml;
  path: string;
  publishedAt: string;
  parent: { name: string; path: string };
  related?: { label: string; href: string };
}

async function load(sp: SearchParams): Promise<Shown> {
  const id = parseId(sp.id);
  const log = parseId(sp.log);
  if (id === null || log === null || (id === undefined) === (log === undefined)) notFound();
  if (id !== undefined) {
    const doc = await getSystemDoc(id);
    if (!doc) notFound();
    return {
      title: doc.title,
      meta: `${doc.className} · 文号 ${doc.docNo}`,
      bodyHtml: doc.bodyHtml,
      path: routes.systemContent({ id }),
      publishedAt: doc.publishedAt,
      parent: { name: doc.className, path: routes.systemDetail({ classId: doc.classId }) },
    };
  }
  const entry = await getSystemLog(log!);
  if (!entry) notFound();
  return {
    title: entry.title,
    meta: `修订日志 · ${entry.editor}`,
    bodyHtml: entry.bodyHtml,
    path: routes.systemContent({ log: entry.id }),
    publishedAt: entry.publishedAt,
    parent: { name: '修订日志', path: routes.systemLogList() },
    related: entry.docId ? { label: `查看《${entry.docTitle}》全文`, href: routes.systemContent({ id: entry.docId }) } : undefined,
  };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const shown = await load(await searchParams);
  return pageMetadata({ title: shown.title, description: summarize(shown.bodyHtml), path: shown.path, type: 'article' });
}

export default async function SystemContentPage({ searchParams }: Props) {
  const shown = await load(await searchParams);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '制度建设', path: routes.systemDetail() },
          shown.parent,
          { name: shown.title, path: shown.path },
        ]}
      />
      <article className="mt-6 rounded-xl border border-stone-200 bg-white px-10 py-10 shadow-sm">
        <header className="border-b border-stone-200 pb-6 text-center">
          <h1 className="text-2xl font-bold text-stone-900">{shown.title}</h1>
          <p className="mt-3 text-sm text-stone-600">
            {shown.meta} · 发布日期 <time dateTime={formatDate(shown.publishedAt)}>{formatDate(shown.publishedAt)}</time>
          </p>
        </header>
        {/* Sanitized in lib/api/system.ts (lib/sanitize.ts). */}
        <SanitizedHtml className="article-body mt-6 text-stone-800" html={shown.bodyHtml} />
        {shown.related ? (
          <p className="mt-8">
            <Link href={shown.related.href} className="text-brand-700 underline">{shown.related.label}</Link>
          </p>
        ) : null}
      </article>
    </div>
  );
}
