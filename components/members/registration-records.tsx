'use client';
/**
 * /dRecord/registration's member part (a kept shell, components/ui/use-member-read.tsx): one page of the
 * member's appointment records as the URL filters them, from GET /session/registrations. A payment or a cancel
 * reads every page again (what it changed may be on any of them).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { queryKeys } from '@/components/ui/query-keys';
import { MemberListPage } from '@/components/ui/use-member-read';
import type { Registration, RegistrationStatus } from '@/lib/api/registrations';
import { sessionRegistrationsPath } from '@/lib/internal-paths';
import { routes } from '@/lib/routes';
import { RegistrationTable } from './registration-table';

export function RegistrationRecords({ page, status }: { page: number; status: RegistrationStatus | '' }) {
  const hrefFor = useCallback((p: number) => routes.registrationRecords({ status: status || undefined, page: p > 1 ? p : undefined }), [status]);
  const queryClient = useQueryClient();
  const onChanged = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.registrations }), [queryClient]);
  return (
    <MemberListPage<Registration>
      page={page}
      queryKey={queryKeys.registrationsPage(page, status)}
      path={sessionRegistrationsPath(page, status)}
      hrefFor={hrefFor}
      empty={<EmptyState title="暂无挂号记录" action={{ label: '去找医生预约', href: routes.doctorList() }} />}
    >
      {(records) => <RegistrationTable records={records} onChanged={onChanged} />}
    </MemberListPage>
  );
}
