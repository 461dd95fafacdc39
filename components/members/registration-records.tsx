'use client';
/**
 * /dRecord/registration's member part (a kept shell, components/ui/use-member-read.tsx): one page of the
 * member's appointment records as the URL filters them, from GET /session/registrations. A payment or a cancel
 * reads every page again (what it changed may be on any of them).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { queryKeys } from '@/components/ui/query-keys';
import type { Page } from '@/lib/api/types';
import type { Registration, RegistrationStatus } from '@/lib/api/registrations';
import { sessionRegistrationsPath } from '@/lib/internal-paths';
import { routes } from '@/lib/routes';
import { RegistrationTable } from './registration-table';
import { MemberListPastTheEnd, MemberReadFailed, MemberReadPending, useMemberRead } from '@/components/ui/use-member-read';

const hrefFor = (page: number, status: RegistrationStatus | '') => routes.registrationRecords({ status: status || undefined, page: page > 1 ? page : undefined });

export function RegistrationRecords({ page, status }: { page: number; status: RegistrationStatus | '' }) {
  const here = hrefFor(page, status);
  const { data, failed, retry } = useMemberRead<Page<Registration>>(queryKeys.registrationsPage(page, status), sessionRegistrationsPath(page, status), here);
  const queryClient = useQueryClient();
  const onChanged = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.registrations }), [queryClient]);
  if (!data) return failed ? <MemberReadFailed retry={retry} /> : <MemberReadPending className="h-64" />;
  if (data.items.length === 0) {
    return page > 1 ? (
      <MemberListPastTheEnd firstPage={hrefFor(1, status)} />
    ) : (
      <EmptyState title="暂无挂号记录" action={{ label: '去找医生预约', href: routes.doctorList() }} />
    );
  }
  return (
    <>
      <RegistrationTable records={data.items} onChanged={onChanged} />
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={(p) => hrefFor(p, status)} />
    </>
  );
}
