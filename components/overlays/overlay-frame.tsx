'use client';
/**
 * The frame of every membership overlay: a Headless UI dialog (focus trap,
 * Esc and the backdrop close it, the title labels it).
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { closeOverlay } from './overlay-store';

export function OverlayFrame({
  title,
  children,
  message,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  /** A notice above the form, e.g. 未注册账号，请先注册账号 (SPEC §4). */
  message?: string;
  wide?: boolean;
}) {
  return (
    <Dialog open onClose={closeOverlay} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-stone-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel
          className={`relative w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-xl bg-white shadow-2xl ring-1 ring-stone-200`}
        >
          <div className="flex items-center justify-between rounded-t-xl border-b border-stone-100 bg-brand-50 px-6 py-4">
            <DialogTitle className="text-lg font-bold text-brand-800">{title}</DialogTitle>
            <button
              type="button"
              onClick={closeOverlay}
              className="rounded p-1 text-2xl leading-none text-stone-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
              aria-label="关闭"
            >
              ×
            </button>
          </div>
          <div className="px-6 py-5">
            {message ? (
              <p role="alert" className="mb-4 rounded-md border border-gold-400 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {message}
              </p>
            ) : null}
            {children}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** A labelled input with its error message (aria-invalid, aria-describedby). */
export function FormField({
  id,
  label,
  error,
  className = '',
  ...input
}: { id: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  return (
    <div className={`mb-3 ${className}`}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full rounded-md border border-stone-300 px-3 py-2 text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-brand-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The SPEC §5 phone input of every overlay: 11 digits, numeric keyboard. */
export function PhoneField({
  id,
  value,
  onValue,
  error,
  placeholder,
}: { id: string; value: string; onValue: (value: string) => void; error?: string; placeholder?: string }) {
  return (
    <FormField id={id} label="手机号" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11}
      placeholder={placeholder} value={value} onChange={(e) => onValue(e.target.value)} error={error} />
  );
}

/** A new password (SPEC §5: 6-16 characters, no spaces) and its confirmation. */
export function NewPasswordFields({
  idPrefix,
  labels = ['设置登录密码', '确认密码'],
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
}: {
  idPrefix: string;
  labels?: readonly [string, string];
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { password?: string; confirm?: string };
}) {
  return (
    <>
      <FormField id={`${idPrefix}-password`} label={labels[0]} type="password" autoComplete="new-password" maxLength={16}
        placeholder="6-16位，不含空格" value={password} onChange={(e) => onPassword(e.target.value)} error={errors.password} />
      <FormField id={`${idPrefix}-confirm`} label={labels[1]} type="password" autoComplete="new-password" maxLength={16}
        value={confirm} onChange={(e) => onConfirm(e.target.value)} error={errors.confirm} />
    </>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">
      {message}
    </p>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="mt-2 w-full rounded-md bg-brand-700 py-2.5 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
    >
      {pending ? '请稍候…' : children}
    </button>
  );
}

export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className="text-sm text-brand-700 underline-offset-2 hover:underline">
      {children}
    </button>
  );
}
