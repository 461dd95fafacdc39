'use client';
/**
 * SMS code input with its 获取验证码 button: a 60 s resend countdown, and the
 * numeric image code (RndVcodeNum) first when the API asks for it (SPEC §4).
 */
import { useEffect, useState } from 'react';
import { validatePhone } from '@/lib/validation';
import { showToast } from '@/components/ui/toast';
import { useSubmission } from '@/components/ui/use-submission';
import type { SmsPurpose } from '@/lib/api/auth';
import { sendSmsCodeAction } from './actions';
import { ImageCodeField, useImageCode } from './image-code-field';
import { FormField } from './overlay-frame';
import { ProofStatus, useProof } from './use-proof';

const RESEND_SECONDS = 60;

export function SmsCodeField({
  id,
  phone,
  purpose,
  value,
  onChange,
  error,
  onPhoneError,
}: {
  id: string;
  phone: string;
  purpose: SmsPurpose;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  onPhoneError: (message: string) => void;
}) {
  const [seconds, setSeconds] = useState(0);
  const imageCode = useImageCode();
  // One send at a time, never retried (the API makes one code per request); a thrown call is the network message.
  const { pending: sending, run } = useSubmission((message) => showToast(message, 'error'));
  // A spent site-wide ceiling asks for a proof of work: solved here, then the send goes again once.
  const { solving, withProof } = useProof();

  useEffect(() => {
    if (seconds <= 0) return;
    const t = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [seconds]);

  function send() {
    const p = validatePhone(phone);
    if (!p.ok) return onPhoneError(p.message);
    run(async () => {
      const r = await withProof((proof) => sendSmsCodeAction(p.value, purpose, imageCode.answer, proof));
      if (r.ok) {
        // SPEC-style 60 s countdown in the UI, whatever shorter interval a test host allows.
        setSeconds(Math.max(r.resendAfterSeconds || 0, RESEND_SECONDS));
        imageCode.clear();
        showToast('验证码已发送，请注意查收', 'success');
      } else {
        showToast(r.message, 'error');
        if (r.needImageCode) await imageCode.load();
      }
    });
  }

  return (
    <div>
      <ProofStatus solving={solving} />
      <ImageCodeField id={id} imageCode={imageCode} />
      <div className="flex items-start gap-2">
        <FormField
          id={id}
          label="短信验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6位数字"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={error}
          className="flex-1"
        />
        <button
          type="button"
          onClick={send}
          disabled={seconds > 0 || sending}
          className="mt-6 shrink-0 rounded-md border border-brand-700 px-3 py-2 text-sm text-brand-700 hover:bg-brand-50 disabled:border-stone-300 disabled:text-stone-600"
        >
          {seconds > 0 ? `${seconds}秒后重新获取` : sending ? '发送中…' : '获取验证码'}
        </button>
      </div>
    </div>
  );
}
