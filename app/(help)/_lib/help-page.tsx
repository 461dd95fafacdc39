import type { Metadata } from 'next';
import { SectionLayout } from '@/components/news/section-layout';
import { JsonLd } from '@/components/seo/json-ld';
import { EmptyState } from '@/components/ui/empty-state';
import { getBanner, getHelpItems, type HelpItem } from '@/lib/api/news';
import { HELP_GROUPS, type HelpRoute } from '@/lib/news-types';
import { routes } from '@/lib/routes';
import { htmlToText } from '@/lib/sanitize';
import { SanitizedHtml } from '@/components/ui/sanitized-html';
import { pageMetadata } from '@/lib/seo';

const groupHref = (route: HelpRoute) => routes[route]();

function faqJsonLd(items: HelpItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((i) => ({
      '@type': 'Question',
      name: i.question,
      acceptedAnswer: { '@type': 'Answer', text: htmlToText(i.answerHtml) },
    })),
  };
}

/**
 * A help-centre page (SPEC §2 会员服务 › 帮助中心). The items are the help list
 * (GetNewList type 30, page 1, size 1000); each page shows the items its
 * position in HELP_GROUPS gives it (SPEC §3, lib/news-types.ts).
 */
export function createHelpPage(route: HelpRoute) {
  const group = HELP_GROUPS.find((g) => g.route === route)!;
  const metadata: Metadata = pageMetadata({
    title: group.label,
    description: `圣爱中医帮助中心：${group.label}的常见问题与解答。`,
    path: groupHref(route),
  });

  async function HelpPage() {
    const [all, banner] = await Promise.all([getHelpItems(), getBanner('help')]);
    const items = all.filter((i) => i.route === route);
    return (
      <SectionLayout
        title={group.label}
        subtitle={banner?.subtitle || '帮助中心'}
        bannerImage={banner?.image}
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '会员服务', path: routes.memberServices() },
          { name: '帮助中心', path: groupHref(HELP_GROUPS[0].route) },
          { name: group.label, path: groupHref(route) },
        ]}
        sidebar={{ label: '帮助中心', links: HELP_GROUPS.map((g) => ({ label: g.label, href: groupHref(g.route) })) }}
        currentHref={groupHref(route)}
      >
        {items.length === 0 ? (
          <EmptyState title="暂无常见问题" hint="如有疑问，请拨打服务热线。" />
        ) : (
          <ol className="space-y-4">
            {items.map((item, i) => (
              <li key={item.id} id={`q${item.id}`} className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
                <div className="flex gap-3">
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm text-white" aria-hidden="true">
                    {i + 1}
                  </span>
                  <h2 className="text-lg font-semibold text-stone-900">{item.question}</h2>
                </div>
                {/* Sanitized in lib/api/news.ts. */}
                <SanitizedHtml className="article-body mt-2 pl-10 text-stone-700" html={item.answerHtml} />
              </li>
            ))}
          </ol>
        )}
        {items.length > 0 ? <JsonLd data={faqJsonLd(items)} /> : null}
      </SectionLayout>
    );
  }

  return { metadata, HelpPage };
}
