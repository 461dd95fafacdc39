'use client';
import { useState } from 'react';

/** Copies the clinic's address for a map or a taxi app; says so, or says how when the browser refuses. */
export function CopyAddressButton({ address }: { address: string }) {
  const [message, setMessage] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setMessage('地址已复制');
    } catch {
      setMessage('无法自动复制，请长按或选中地址复制');
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={copy} className="rounded-md border border-stone-300 px-3 py-1.5 text-sm text-stone-700 hover:border-brand-600 hover:text-brand-700">
        复制地址
      </button>
      <span role="status" aria-live="polite" className="text-sm text-jade-700">
        {message}
      </span>
    </span>
  );
}
