'use client';
/**
 * "Log in to …" for the member-service pages: opens the login overlay in
 * place (SPEC §4 overlays, not routes), so what the visitor was doing stays
 * on the page; after login the page re-renders with the member's data. The
 * href (home with ?login=open&next=…) is the no-JavaScript fallback.
 */
import type { ReactNode } from 'react';
import { openOverlay } from './overlay-store';

export function LoginPromptLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className={className}
      // Opens the login overlay in place: no page-loading bar (navigation-progress.tsx).
      data-no-progress=""
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        openOverlay('login');
      }}
    >
      {children}
    </a>
  );
}
