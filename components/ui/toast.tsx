'use client';
/**
 * The one toast system (SPEC §4): messages of SPEC §4/§8 shown for 5000 ms
 * (SPEC §9). Any client component calls showToast(); <ToastViewport /> sits
 * once in the layout and announces them politely to screen readers.
 */
import { useSyncExternalStore } from 'react';
import { MESSAGE_DURATION_MS } from '@/lib/constants';

export type ToastKind = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(message: string, kind: ToastKind = 'info', durationMs = MESSAGE_DURATION_MS) {
  const id = nextId++;
  // The same message twice in a row is shown once (e.g. two failing calls).
  toasts = [...toasts.filter((t) => t.message !== message), { id, message, kind }];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, durationMs);
}

/** Takes a message off the screen before its time: one that is no longer true (请先登录 once logged in). */
export function dismissToast(message: string) {
  if (!toasts.some((t) => t.message === message)) return;
  toasts = toasts.filter((t) => t.message !== message);
  emit();
}

/** The messages on screen now (tests). */
export function visibleToasts(): readonly string[] {
  return toasts.map((t) => t.message);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const EMPTY: Toast[] = [];

const STYLES: Record<ToastKind, string> = {
  success: 'border-jade-600 bg-jade-50 text-jade-700',
  error: 'border-brand-600 bg-brand-50 text-brand-800',
  info: 'border-stone-300 bg-white text-stone-800',
};

export function ToastViewport() {
  const list = useSyncExternalStore(subscribe, () => toasts, () => EMPTY);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-6 z-[60] flex flex-col items-center gap-2 px-4"
    >
      {list.map((t) => (
        <p
          key={t.id}
          className={`pointer-events-auto rounded-md border px-5 py-2.5 text-sm font-medium shadow-lg ${STYLES[t.kind]}`}
        >
          {t.message}
        </p>
      ))}
    </div>
  );
}
