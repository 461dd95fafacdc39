'use client';
/**
 * /dRecord/patients's member part (a kept shell, components/ui/use-member-read.tsx): the member's 就诊人 from GET
 * /session/patients, and where they came from to add one (`next`, read from the address here, so the shell is one
 * page whatever it says; only a same-site path is kept).
 */
import { useSearchParams } from 'next/navigation';
import { queryKeys } from '@/components/ui/query-keys';
import { MemberReadWaiting, useMemberRead } from '@/components/ui/use-member-read';
import type { PatientList } from '@/lib/api/patients';
import { safeInternalPath, sessionPatientsPath } from '@/lib/internal-paths';
import { routes } from '@/lib/routes';
import { single } from '@/lib/url-params';
import { PatientManager } from './patient-manager';

/** The page's rule for `next`, as it had on the server: one value, at most 300 characters, a same-site path. */
function nextOf(params: Pick<URLSearchParams, 'getAll'>): string | null {
  const values = params.getAll('next');
  return safeInternalPath(single(values.length > 1 ? values : values[0], 300) ?? null);
}

export function PatientsPart() {
  const next = nextOf(useSearchParams());
  const { data, failed, retry } = useMemberRead<PatientList>(queryKeys.patients, sessionPatientsPath(), routes.patients({ next: next ?? undefined }));
  if (data) return <PatientManager patients={data.patients} max={data.max} selfIdCardOnFile={data.selfIdCardOnFile} next={next} />;
  return <MemberReadWaiting failed={failed} retry={retry} className="h-64" />;
}
