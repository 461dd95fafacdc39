'use client';
/**
 * The member island's data: GET /session/me through React Query after
 * hydration (public pages stay the same for everyone and cacheable), and what
 * every login path does on success.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { messages } from '@/lib/messages';
import { safeInternalPath, sessionMePath } from '@/lib/internal-paths';
import { startNavigationProgress } from '@/components/ui/navigation-progress';
import { queryKeys } from '@/components/ui/query-keys';
import { showToast } from '@/components/ui/toast';
import { closeOverlay, noteLogin, takeAfterLoginPath } from './overlay-store';
import type { SessionMember } from './types';

async function fetchSessionMember(): Promise<SessionMember | null> {
  const res = await fetch(sessionMePath(), { cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) return null;
  const body = (await res.json()) as { member: SessionMember | null };
  return body.member;
}

/** The signed-in member (null for a visitor): one request for the header and the URL effects. */
export function useSessionMember() {
  return useQuery({ queryKey: queryKeys.sessionMember, queryFn: fetchSessionMember });
}

/**
 * SPEC §4: every login path shows 登录成功, then the header shows the member; a
 * guard's page continues. Every per-person read is refetched (the `session` prefix).
 */
export function useAfterLogin() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    noteLogin();
    closeOverlay();
    showToast(messages.loginSuccess, 'success');
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    const next = safeInternalPath(takeAfterLoginPath());
    if (next) {
      startNavigationProgress(next);
      router.push(next);
    }
    else router.refresh();
  }, [router, queryClient]);
}
