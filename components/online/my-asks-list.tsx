'use client';
/**
 * /dRecord/consultation's member part (a kept shell, components/ui/use-member-read.tsx): one page of the member's
 * questions, newest first, from GET /session/asks.
 */
import { EmptyState } from '@/components/ui/empty-state';
import { queryKeys } from '@/components/ui/query-keys';
import { MemberListPage } from '@/components/ui/use-member-read';
import type { AskedQuestion } from '@/lib/api/ask';
import { sessionAsksPath } from '@/lib/internal-paths';
import { routes } from '@/lib/routes';
import { AskTable } from './ask-table';

const hrefFor = (page: number) => routes.asks({ page: page > 1 ? page : undefined });

export function MyAsksList({ page }: { page: number }) {
  return (
    <MemberListPage<AskedQuestion>
      page={page}
      queryKey={queryKeys.asksPage(page)}
      path={sessionAsksPath(page)}
      hrefFor={hrefFor}
      empty={<EmptyState title="暂无问诊记录" action={{ label: '去找医生问诊', href: routes.onlineExpert() }} />}
    >
      {(asks) => <AskTable asks={asks} />}
    </MemberListPage>
  );
}
