'use client';
/** Renders the one open overlay (SPEC §4: one at a time) and the URL's session effects. */
import { lazy, Suspense, type ReactNode } from 'react';
import { useOverlay } from './overlay-store';
import { SessionEffects } from './session-effects';

// The dialogs load when one first opens: most visitors never open one, so their
// code stays out of every page's first-load JavaScript (issue 8 budget). They
// never render on the server, so React.lazy does (next/dynamic adds its loader).
const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));
const PhoneCheckDialog = lazy(() => import('./phone-check-dialog').then((m) => ({ default: m.PhoneCheckDialog })));
const CardListDialog = lazy(() => import('./card-list-dialog').then((m) => ({ default: m.CardListDialog })));
const ActivateCardDialog = lazy(() => import('./activate-card-dialog').then((m) => ({ default: m.ActivateCardDialog })));
const RegisterDialog = lazy(() => import('./register-dialog').then((m) => ({ default: m.RegisterDialog })));
const FindPasswordDialog = lazy(() => import('./find-password-dialog').then((m) => ({ default: m.FindPasswordDialog })));

const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

export function OverlayHost() {
  const { name, data } = useOverlay();
  // A key per opening resets each dialog's form state.
  const key = `${name}-${data.phone ?? ''}-${data.cardNo ?? ''}-${data.message ?? ''}`;
  return (
    <>
      <Suspense fallback={null}>
        <SessionEffects />
      </Suspense>
      {name === 'login' ? <Lazy><LoginDialog key={key} data={data} /></Lazy> : null}
      {name === 'phoneCheck' ? <Lazy><PhoneCheckDialog key={key} data={data} /></Lazy> : null}
      {name === 'cardList' ? <Lazy><CardListDialog key={key} data={data} /></Lazy> : null}
      {name === 'activate' ? <Lazy><ActivateCardDialog key={key} data={data} /></Lazy> : null}
      {name === 'register' ? <Lazy><RegisterDialog key={key} data={data} /></Lazy> : null}
      {name === 'findPassword' ? <Lazy><FindPasswordDialog key={key} data={data} /></Lazy> : null}
    </>
  );
}
