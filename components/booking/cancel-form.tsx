'use client';
/**
 * Cancel one booking (CancelRegister through cancelRegistrationAction), after
 * a confirm. A refused or failed cancel shows SPEC §8's order-cancel-failed
 * message and the record stays as it was.
 */
import { useActionState, useEffect } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { cancelRegistrationAction, type BookingActionState } from './actions';

export function CancelForm({ registerNo, label = '取消预约' }: { registerNo: string; label?: string }) {
  // The page the form posts to before the script has loaded: never an empty action attribute (Nu HTML checker).
  const permalink = usePathname();
  const [state, action, pending] = useActionState(cancelRegistrationAction, { status: 'idle' } as BookingActionState, permalink);
  const router = useRouter();
  useEffect(() => {
    if (state.status === 'done') router.refresh();
  }, [state, router]);
  return (
    <form
      action={action}
      onSubmit={(e) => {
        if (!window.confirm('确定取消该预约吗？取消后号源将释放给其他患者。')) e.preventDefault();
      }}
      className="inline-flex flex-wrap items-center gap-2"
    >
      <input type="hidden" name="registerNo" value={registerNo} />
      <button
        type="submit"
        disabled={pending}
        className="rounded-md border border-stone-300 px-3 py-1 text-sm text-stone-700 hover:border-brand-600 hover:text-brand-700 disabled:opacity-60"
      >
        {pending ? '取消中…' : label}
      </button>
      {state.status === 'error' ? (
        <span role="alert" className="w-full text-sm text-brand-700">
          {state.message}
        </span>
      ) : state.status === 'done' ? (
        <span role="status" className="text-sm text-jade-700">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
