'use client';
/**
 * The member island's data: GET /session/me after hydration (public pages
 * stay static and cacheable), and what every login path does on success.
 */
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { messages } from '@/lib/messages';
import { safeInternalPath, sessionMePath } from '@/lib/internal-paths';
import { showToast } from '@/components/ui/toast';
import { sharedQuery } from '@/components/ui/shared-query';
import { closeOverlay, takeAfterLoginPath } from './overlay-store';
import type { SessionMember } from './types';

/** The signed-in member (null for a visitor), one request for the header and the URL effects. */
export const sessionMember = sharedQuery(
  async (): Promise<SessionMember | null> => {
    const res = await fetch(sessionMePath(), { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) return null;
    const body = (await res.json()) as { member: SessionMember | null };
    return body.member;
  },
  { staleMs: 60_000 },
);

export function useSessionMember() {
  return sessionMember.use();
}

/** SPEC §4: every login path shows 登录成功, then the header shows the member; a guard's page continues. */
export function useAfterLogin() {
  const router = useRouter();
  return useCallback(async () => {
    closeOverlay();
    showToast(messages.loginSuccess, 'success');
    await sessionMember.invalidate();
    const next = safeInternalPath(takeAfterLoginPath());
    if (next) router.push(next);
    else router.refresh();
  }, [router]);
}
