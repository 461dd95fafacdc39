'use client';
/** Renders the one open overlay (SPEC §4: one at a time) and the URL's session effects. */
import { lazy, Suspense } from 'react';
import { useOverlay, type OverlayName } from './overlay-store';
import { SessionEffects } from './session-effects';

// The dialogs load when one first opens: most visitors never open one, so their
// code stays out of every page's first-load JavaScript (the first-load budget of docs/decisions.md). They
// never render on the server, so React.lazy does (next/dynamic adds its loader).
/** One lazily loaded dialog per overlay name (SPEC §2). */
const DIALOGS = {
  login: lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog }))),
  phoneCheck: lazy(() => import('./phone-check-dialog').then((m) => ({ default: m.PhoneCheckDialog }))),
  cardList: lazy(() => import('./card-list-dialog').then((m) => ({ default: m.CardListDialog }))),
  activate: lazy(() => import('./activate-card-dialog').then((m) => ({ default: m.ActivateCardDialog }))),
  register: lazy(() => import('./register-dialog').then((m) => ({ default: m.RegisterDialog }))),
  findPassword: lazy(() => import('./find-password-dialog').then((m) => ({ default: m.FindPasswordDialog }))),
} satisfies Record<OverlayName, unknown>;

export function OverlayHost() {
  const { name, data } = useOverlay();
  // A key per opening resets each dialog's form state.
  const key = `${name}-${data.phone ?? ''}-${data.cardNo ?? ''}-${data.message ?? ''}`;
  const Dialog = name ? DIALOGS[name] : null;
  return (
    <>
      <Suspense fallback={null}>
        <SessionEffects />
      </Suspense>
      {/* A boundary of its own per dialog: the next one never hides the last one while it loads. */}
      {Dialog ? (
        <Suspense key={name} fallback={null}>
          <Dialog key={key} data={data} />
        </Suspense>
      ) : null}
    </>
  );
}
