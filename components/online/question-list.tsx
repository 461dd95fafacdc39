import { Link } from '@/components/ui/link';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import type { Question } from '@/lib/api/online';
import type { Page } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { routes } from '@/lib/routes';

/** Online questions: title, type (公开/私密), reply state, doctor; each links to its page. */
export function QuestionList({ page, hrefForPage, showDoctor = true }: { page: Page<Question>; hrefForPage: (p: number) => string; showDoctor?: boolean }) {
  if (page.items.length === 0) return <EmptyState title="暂无符合条件的问题" hint="换个筛选条件看看" />;
  return (
    <>
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
        {page.items.map((q) => (
          <li key={q.code} className="p-5">
            <div className="flex items-start justify-between gap-4">
              <h3 className="text-base font-semibold">
                <Link href={routes.onlineQuestionDetail(q.code)} className="text-stone-900 hover:text-brand-700">
                  {q.title}
                </Link>
              </h3>
              <time className="flex-none text-sm text-stone-600" dateTime={q.createdAt}>
                {formatDate(q.createdAt)}
              </time>
            </div>
            <p className="mt-2 line-clamp-2 text-sm text-stone-700">{q.content}</p>
            <div className="mt-3 flex flex-wrap items-center gap-3 text-xs">
              <span className={`rounded px-2 py-0.5 ${q.isPrivate ? 'bg-stone-800 text-white' : 'bg-jade-50 text-jade-700'}`}>{q.isPrivate ? '私密' : '公开'}</span>
              <span className={`rounded px-2 py-0.5 ${q.isReplied ? 'bg-brand-50 text-brand-700' : 'bg-amber-50 text-amber-800'}`}>{q.isReplied ? '已回复' : '未回复'}</span>
              {showDoctor ? (
                <Link href={routes.onlineDoctorDetail(q.doctorCode)} className="text-stone-600 hover:text-brand-700">
                  {q.doctorName} {q.doctorTitle} · {q.department}
                </Link>
              ) : null}
              <span className="text-stone-600">{q.views} 次浏览</span>
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} hrefFor={hrefForPage} />
    </>
  );
}
