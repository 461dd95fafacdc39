'use client';
/**
 * Cancel one booking (CancelRegister through cancelRegistrationAction), after a Headless UI dialog that
 * says which visit it is and what is refunded: a paid booking's fee goes back the way it was paid, an
 * unpaid one costs nothing; either way the number returns to other patients. A refused or failed cancel
 * shows SPEC §8's order-cancel-failed message in the dialog and the record stays as it was. A done one
 * says what was refunded in the site's toast: the action's cache update re-renders the page in the same
 * answer, where the record now reads 已取消 with its refund (this form, offered only while a cancel is
 * possible, is gone with the dialog).
 */
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useActionState, useState } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { showToast } from '@/components/ui/toast';
import { formatYuan } from '@/lib/fees';
import { cancelRegistrationAction, type BookingActionResult } from './actions';

export function CancelForm({
  registerNo,
  amount,
  paid,
  visit,
  label = '取消预约',
  onDone,
}: {
  registerNo: string;
  /** What was paid and is refunded (yuan, to the fen). */
  amount: number;
  /** Whether the fee has been paid (then it is refunded). */
  paid: boolean;
  /** Whom and when, as the dialog names the visit: 张秀兰 · 2026-11-25 上午 08:30-12:00 · 李建国. */
  visit: string;
  label?: string;
  /**
   * Called once the cancel is done, for a list read by the browser (a kept member shell: the action's re-render
   * holds none of it); without it the page refreshes when the dialog closes.
   */
  onDone?: () => void;
}) {
  // The page the form posts to before the script has loaded: never an empty action attribute (Nu HTML checker).
  const permalink = usePathname();
  const [state, action, pending] = useActionState(
    async (previous: BookingActionResult | null, formData: FormData): Promise<BookingActionResult | null> => {
      const next = await cancelRegistrationAction(previous, formData);
      // Said before the page re-renders without this form (a module-level toast outlives it).
      if (next.ok) {
        showToast(next.message, 'success');
        onDone?.();
      }
      return next;
    },
    null,
    permalink,
  );
  const [open, setOpen] = useState(false);
  // The answer already shown when the dialog opens again (a failure from the last try is not this try's).
  const [seen, setSeen] = useState<BookingActionResult | null>(state);
  const fresh = state !== seen;
  const router = useRouter();

  const close = () => {
    if (pending) return;
    setOpen(false);
    if (state?.ok === true && !onDone) router.refresh();
  };

  // A list read by the browser (`onDone`): the form and its dialog go at once, as they go with a page's re-render in
  // the action's answer; the toast alone says what was refunded while the list is read again.
  if (onDone && state?.ok === true) return null;

  return (
    <div className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => {
          setSeen(state);
          setOpen(true);
        }}
        disabled={state?.ok === true}
        className="rounded-md border border-stone-300 px-3 py-1 text-sm text-stone-700 hover:border-brand-600 hover:text-brand-700 disabled:opacity-60"
      >
        {label}
      </button>
      {!open && fresh && state?.ok === false ? (
        <span role="alert" className="w-full text-sm text-brand-700">
          {state.message}
        </span>
      ) : null}
      {!open && state?.ok === true ? (
        <span role="status" className="w-full text-sm text-jade-700">
          {state.message}
        </span>
      ) : null}
      <Dialog open={open} onClose={close} className="fixed inset-0 z-50 flex items-center justify-center p-4">
        <DialogBackdrop className="fixed inset-0 bg-black/40" />
        <DialogPanel className="relative w-full max-w-md rounded-2xl bg-white p-6 text-left shadow-xl">
          <DialogTitle className="text-lg font-bold text-stone-900">{state?.ok === true ? '预约已取消' : '确认取消预约？'}</DialogTitle>
          <Description as="div" className="mt-3 space-y-2 text-sm text-stone-700">
            <p>{visit}</p>
            {state?.ok === true ? (
              <p role="status" className="rounded-md bg-jade-50 px-3 py-2 font-medium text-jade-700">
                {state.message}
              </p>
            ) : (
              <p className="rounded-md bg-amber-50 px-3 py-2 text-stone-800">
                {paid ? `已支付的挂号费￥${formatYuan(amount)}将原路退回至原支付账户。` : '该预约尚未支付，取消后无需退款。'}
                号源将释放给其他患者，取消后不能恢复。
              </p>
            )}
          </Description>
          {fresh && state?.ok === false ? (
            <p role="alert" className="mt-3 text-sm text-brand-700">
              {state.message}
            </p>
          ) : null}
          <form action={action} className="mt-6 flex justify-end gap-3">
            <input type="hidden" name="registerNo" value={registerNo} />
            <button
              type="button"
              onClick={close}
              disabled={pending}
              className="rounded-lg border border-stone-300 px-5 py-2 text-stone-700 hover:border-stone-400 disabled:opacity-50"
            >
              {state?.ok === true ? '完成' : '暂不取消'}
            </button>
            {state?.ok !== true ? (
              <button
                type="submit"
                disabled={pending}
                className="rounded-lg bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
              >
                {pending ? '取消中…' : '确认取消'}
              </button>
            ) : null}
          </form>
        </DialogPanel>
      </Dialog>
    </div>
  );
}
