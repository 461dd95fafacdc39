'use client';
/** Renders the one open overlay (SPEC §4: one at a time) and the URL's session effects. */
import dynamic from 'next/dynamic';
import { Suspense } from 'react';
import { useOverlay } from './overlay-store';
import { SessionEffects } from './session-effects';

// The dialogs load when one first opens: most visitors never open one, so their
// code stays out of every page's first-load JavaScript (issue 8 budget).
const LoginDialog = dynamic(() => import('./login-dialog').then((m) => m.LoginDialog));
const PhoneCheckDialog = dynamic(() => import('./phone-check-dialog').then((m) => m.PhoneCheckDialog));
const CardListDialog = dynamic(() => import('./card-list-dialog').then((m) => m.CardListDialog));
const ActivateCardDialog = dynamic(() => import('./activate-card-dialog').then((m) => m.ActivateCardDialog));
const RegisterDialog = dynamic(() => import('./register-dialog').then((m) => m.RegisterDialog));
const FindPasswordDialog = dynamic(() => import('./find-password-dialog').then((m) => m.FindPasswordDialog));

export function OverlayHost() {
  const { name, data } = useOverlay();
  // A key per opening resets each dialog's form state.
  const key = `${name}-${data.phone ?? ''}-${data.cardNo ?? ''}-${data.message ?? ''}`;
  return (
    <>
      <Suspense fallback={null}>
        <SessionEffects />
      </Suspense>
      {name === 'login' ? <LoginDialog key={key} data={data} /> : null}
      {name === 'phoneCheck' ? <PhoneCheckDialog key={key} data={data} /> : null}
      {name === 'cardList' ? <CardListDialog key={key} data={data} /> : null}
      {name === 'activate' ? <ActivateCardDialog key={key} data={data} /> : null}
      {name === 'register' ? <RegisterDialog key={key} data={data} /> : null}
      {name === 'findPassword' ? <FindPasswordDialog key={key} data={data} /> : null}
    </>
  );
}
