import { Link } from '@/components/ui/link';
import type { AgreementSummary } from '@/lib/api/agreements';
import { formatDate } from '@/lib/format';
import { routes } from '@/lib/routes';

/** The rules and agreements, each linking to /serviceRulesDetail?id= (SPEC §2). */
export function AgreementList({ agreements, currentId }: { agreements: AgreementSummary[]; currentId?: number }) {
  return (
    <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
      {agreements.map((a) => (
        <li key={a.id}>
          <Link
            href={routes.serviceRulesDetail(a.id)}
            aria-current={a.id === currentId ? 'page' : undefined}
            className="flex items-center justify-between gap-4 px-5 py-4 hover:bg-brand-50 aria-[current=page]:bg-brand-50"
          >
            <span>
              <span className="block font-medium text-stone-900">{a.title}</span>
              <span className="mt-1 block text-sm text-stone-600">{a.summary}</span>
            </span>
            <span className="shrink-0 text-xs text-stone-600">更新于 {formatDate(a.updatedAt)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
