'use client';
/**
 * The header's 长者模式 switch (docs/elder-mode.md): a form posted to /session/elder-mode, which sets or clears
 * the cookie and sends the browser back to this page, loaded whole in the chosen mode. A real form and button,
 * so it works by keyboard and before JavaScript (the route then goes back by the Referer); once hydrated it
 * names the page the visitor is on now (the header is not rendered again on a client-side navigation).
 */
import { elderModePath } from '@/lib/elder-mode';

export function ElderModeSwitch({ elder }: { elder: boolean }) {
  return (
    <form
      method="post"
      action={elderModePath()}
      onSubmit={(e) => {
        const back = e.currentTarget.elements.namedItem('back');
        if (back instanceof HTMLInputElement) back.value = `${window.location.pathname}${window.location.search}`;
      }}
    >
      <input type="hidden" name="on" value={elder ? '0' : '1'} />
      <input type="hidden" name="back" value="" />
      <button
        type="submit"
        className="elder-switch inline-flex min-h-8 items-center gap-1 rounded border border-brand-700 bg-white px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <span aria-hidden="true">{elder ? '↩' : 'A+'}</span>
        {elder ? '退出长者模式' : '长者模式'}
      </button>
    </form>
  );
}
