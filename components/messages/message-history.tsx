import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import type { MemberMessage } from '@/lib/api/messages';
import type { Page } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

/** The member's own messages or complaints, newest first, paged in the URL (SPEC §2 member services). */
export function MessageHistory({
  title,
  data,
  hrefFor,
}: {
  title: string;
  data: Page<MemberMessage>;
  hrefFor: (page: number) => string;
}) {
  return (
    <section aria-labelledby="history-heading" className="space-y-4">
      <h2 id="history-heading" className="border-l-4 border-brand-700 pl-3 text-xl font-bold text-stone-900">
        {title}
        <span className="ml-2 text-sm font-normal text-stone-600">共 {data.total} 条</span>
      </h2>
      {data.items.length === 0 ? (
        <EmptyState title="还没有记录" hint="提交后会显示在这里" />
      ) : (
        <ul className="space-y-3">
          {data.items.map((m) => (
            <li key={m.id} className="rounded-xl border border-stone-200 bg-white p-5">
              <div className="flex items-center justify-between gap-4 text-sm">
                <span className="rounded-full bg-jade-50 px-3 py-0.5 text-jade-700">{m.sourceName}</span>
                <span className="text-stone-600">
                  <time dateTime={m.createdAt}>{formatDate(m.createdAt)}</time>
                  <span className={`ml-3 ${m.replied ? 'text-jade-700' : 'text-stone-600'}`}>{m.replied ? '已回复' : '待回复'}</span>
                </span>
              </div>
              {m.title ? <p className="mt-3 font-medium text-stone-900">{m.title}</p> : null}
              <p className="mt-2 whitespace-pre-wrap break-words text-stone-800">{m.content}</p>
              {m.replied ? (
                <div className="mt-3 rounded-lg bg-stone-50 p-3 text-sm text-stone-700">
                  <span className="font-medium text-brand-700">客服回复：</span>
                  {m.reply}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={hrefFor} />
    </section>
  );
}
