'use client';
/**
 * Exchange of one item (SPEC §2 member services): the 立即兑换 button and its confirmation
 * dialog (exchange-confirm-dialog.tsx, loaded when first wanted so the dialog
 * library stays out of the page's first load). The idempotency key is made
 * when the dialog opens, so a double click or a resubmit makes one order.
 */
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { LoginPromptLink } from '@/components/overlays/login-prompt-link';
import { newIdempotencyKey } from '@/lib/contract';
import type { ExchangeItem } from './exchange-item';
import { useMemberPoints } from './member-points';

const loadConfirmDialog = () => import('./exchange-confirm-dialog');
const ExchangeConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ExchangeConfirmDialog })));

/** False in the server HTML, true once hydrated: the button stays disabled until it can work. */
const noop = () => () => {};
const useHydrated = () => useSyncExternalStore(noop, () => true, () => false);

export function PointsExchangeDialog({
  item,
  initialPoints,
  loginHref,
}: {
  item: ExchangeItem;
  /** The member's balance rendered on the server; null for a visitor. */
  initialPoints: number | null;
  loginHref: string;
}) {
  const { data: balance } = useMemberPoints(initialPoints);
  const hydrated = useHydrated();
  const [openKey, setOpenKey] = useState<string | null>(null);

  // Logged in as rendered by the server; a later failed balance read must not unmount an open dialog.
  const loggedIn = initialPoints !== null;
  const soldOut = item.stock <= 0;

  if (!loggedIn) {
    return (
      <LoginPromptLink
        href={loginHref}
        className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-8 py-3 text-lg font-medium text-white hover:bg-brand-800"
      >
        登录后兑换
      </LoginPromptLink>
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpenKey(newIdempotencyKey())}
        // The dialog's code is fetched as soon as the pointer or focus comes near.
        onPointerEnter={() => void loadConfirmDialog()}
        onFocus={() => void loadConfirmDialog()}
        disabled={soldOut || !hydrated}
        className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-8 py-3 text-lg font-medium text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
      >
        {soldOut ? '已兑完' : '立即兑换'}
      </button>
      <Suspense fallback={null}>
        {openKey ? (
          <ExchangeConfirmDialog
            key={openKey}
            item={item}
            idempotencyKey={openKey}
            current={balance ?? initialPoints ?? 0}
            loginHref={loginHref}
            onClose={() => setOpenKey(null)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
