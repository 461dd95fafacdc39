'use client';
/**
 * /dRecord/points' member part (a kept shell, components/ui/use-member-read.tsx): one page of the member's
 * 积分明细 from GET /session/points-log.
 */
import { EmptyState } from '@/components/ui/empty-state';
import { queryKeys } from '@/components/ui/query-keys';
import { MemberListPage } from '@/components/ui/use-member-read';
import type { PointsLogEntry } from '@/lib/api/points-log';
import { sessionPointsLogPath } from '@/lib/internal-paths';
import { routes } from '@/lib/routes';
import { PointsLogTable } from './points-log-table';

const hrefFor = (page: number) => routes.pointsLog({ page: page > 1 ? page : undefined });

export function PointsLogRecords({ page }: { page: number }) {
  return (
    <MemberListPage<PointsLogEntry>
      page={page}
      queryKey={queryKeys.pointsLogPage(page)}
      path={sessionPointsLogPath(page)}
      hrefFor={hrefFor}
      empty={<EmptyState title="暂无积分明细" action={{ label: '去预约挂号', href: routes.doctorList() }} />}
    >
      {(entries) => <PointsLogTable entries={entries} />}
    </MemberListPage>
  );
}
