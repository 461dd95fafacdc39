'use client';
/**
 * /modifyInfor's member part (a kept shell, components/ui/use-member-read.tsx): the form, once the values it starts
 * from are read (GET /session/member-info). A later read of the same key does not reset what is being typed: the
 * form keeps its own state from its first values.
 */
import { queryKeys } from '@/components/ui/query-keys';
import { MemberReadWaiting, useMemberRead } from '@/components/ui/use-member-read';
import { sessionMemberInfoPath } from '@/lib/internal-paths';
import { MemberInfoForm } from './member-info-form';
import type { MemberInfoView } from './member-info-view';

export function MemberInfo({ path, loginHref }: { path: string; loginHref: string }) {
  const { data, failed, retry } = useMemberRead<MemberInfoView>(queryKeys.memberInfo, sessionMemberInfoPath(), path);
  if (data) return <MemberInfoForm profile={data} loginHref={loginHref} />;
  return <MemberReadWaiting failed={failed} retry={retry} className="h-[30rem]" />;
}
