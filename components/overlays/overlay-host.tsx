'use client';
/** Renders the one open overlay (SPEC §4: one at a time) and the URL's session effects. */
import { Suspense } from 'react';
import { ActivateCardDialog } from './activate-card-dialog';
import { CardListDialog } from './card-list-dialog';
import { FindPasswordDialog } from './find-password-dialog';
import { LoginDialog } from './login-dialog';
import { useOverlay } from './overlay-store';
import { PhoneCheckDialog } from './phone-check-dialog';
import { RegisterDialog } from './register-dialog';
import { SessionEffects } from './session-effects';

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
