'use client';
/**
 * The member island's data: GET /session/me after hydration (public pages
 * stay static and cacheable), and what every login path does on success.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { messages } from '@/lib/messages';
import { routes, safeInternalPath } from '@/lib/routes';
import { showToast } from '@/components/ui/toast';
import { closeOverlay, takeAfterLoginPath } from './overlay-store';
import type { SessionMember } from './types';

export const SESSION_QUERY_KEY = ['session'] as const;

export function useSessionMember() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async (): Promise<SessionMember | null> => {
      const res = await fetch(routes.sessionMe(), { cache: 'no-store', credentials: 'same-origin' });
      if (!res.ok) return null;
      const body = (await res.json()) as { member: SessionMember | null };
      return body.member;
    },
    staleTime: 60_000,
  });
}

/** SPEC §4: every login path shows 登录成功, then the header shows the member; a guard's page continues. */
export function useAfterLogin() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    closeOverlay();
    showToast(messages.loginSuccess, 'success');
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    const next = safeInternalPath(takeAfterLoginPath());
    if (next) router.push(next);
    else router.refresh();
  }, [queryClient, router]);
}
