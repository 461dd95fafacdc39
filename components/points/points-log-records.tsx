'use client';
/**
 * /dRecord/points' member part (a kept shell, components/ui/use-member-read.tsx): one page of the member's
 * 积分明细 from GET /session/points-log.
 */
import { MemberListPastTheEnd, MemberReadFailed, MemberReadPending, useMemberRead } from '@/components/ui/use-member-read';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { queryKeys } from '@/components/ui/query-keys';
import type { PointsLogEntry } from '@/lib/api/points-log';
import type { Page } from '@/lib/api/types';
import { sessionPointsLogPath } from '@/lib/internal-paths';
import { routes } from '@/lib/routes';
import { PointsLogTable } from './points-log-table';

const hrefFor = (page: number) => routes.pointsLog({ page: page > 1 ? page : undefined });

export function PointsLogRecords({ page }: { page: number }) {
  const { data, failed, retry } = useMemberRead<Page<PointsLogEntry>>(queryKeys.pointsLogPage(page), sessionPointsLogPath(page), hrefFor(page));
  if (!data) return failed ? <MemberReadFailed retry={retry} /> : <MemberReadPending className="h-64" />;
  if (data.items.length === 0) {
    return page > 1 ? <MemberListPastTheEnd firstPage={hrefFor(1)} /> : <EmptyState title="暂无积分明细" action={{ label: '去预约挂号', href: routes.doctorList() }} />;
  }
  return (
    <>
      <PointsLogTable entries={data.items} />
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={hrefFor} />
    </>
  );
}
