'use client';
/** Find password: VerifyPhoneCode, then ResetPwd with the same code; then log in with the new password. */
import { useState, type FormEvent } from 'react';
import { validatePassword, validatePhone, validateSmsCode } from '@/lib/validation';
import { showToast } from '@/components/ui/toast';
import { resetPasswordAction, verifyResetCodeAction } from './actions';
import { FormError, FormField, OverlayFrame, SubmitButton } from './overlay-frame';
import { openOverlay, type OverlayData } from './overlay-store';
import { SmsCodeField } from './sms-code-field';

export function FindPasswordDialog({ data }: { data: OverlayData }) {
  const [step, setStep] = useState<'verify' | 'reset'>('verify');
  const [phone, setPhone] = useState(data.phone ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, setPending] = useState(false);

  async function run(action: () => Promise<void>) {
    setPending(true);
    try {
      await action();
    } catch {
      setErrors({ form: '网络异常，请检查网络后重试' });
    } finally {
      setPending(false);
    }
  }

  function verify(e: FormEvent) {
    e.preventDefault();
    const p = validatePhone(phone);
    const c = validateSmsCode(code);
    if (!p.ok || !c.ok) return setErrors({ phone: p.ok ? undefined : p.message, code: c.ok ? undefined : c.message });
    setErrors({});
    return run(async () => {
      const r = await verifyResetCodeAction(p.value, c.value);
      if (r.ok) setStep('reset');
      else setErrors({ form: r.message });
    });
  }

  function reset(e: FormEvent) {
    e.preventDefault();
    const pw = validatePassword(password);
    if (!pw.ok) return setErrors({ password: pw.message });
    if (confirm !== password) return setErrors({ confirm: '两次输入的密码不一致' });
    setErrors({});
    return run(async () => {
      const r = await resetPasswordAction({ phone, code, password: pw.value });
      if (r.ok) {
        showToast('密码已重置，请使用新密码登录', 'success');
        openOverlay('login', { phone });
      } else setErrors({ form: r.message });
    });
  }

  return (
    <OverlayFrame title="找回密码" message={data.message}>
      <ol className="mb-4 flex gap-2 text-sm" aria-label="步骤">
        <li className={step === 'verify' ? 'font-semibold text-brand-700' : 'text-stone-500'} aria-current={step === 'verify' ? 'step' : undefined}>1 验证手机号</li>
        <li aria-hidden="true" className="text-stone-400">›</li>
        <li className={step === 'reset' ? 'font-semibold text-brand-700' : 'text-stone-500'} aria-current={step === 'reset' ? 'step' : undefined}>2 设置新密码</li>
      </ol>
      {step === 'verify' ? (
        <form onSubmit={verify} noValidate>
          <FormError message={errors.form} />
          <FormField id="find-phone" label="手机号" type="tel" inputMode="numeric" maxLength={11} autoComplete="tel"
            value={phone} onChange={(e) => setPhone(e.target.value)} error={errors.phone} />
          <SmsCodeField id="find-code" phone={phone} purpose="reset" value={code} onChange={setCode} error={errors.code}
            onPhoneError={(m) => setErrors({ phone: m })} />
          <SubmitButton pending={pending}>下一步</SubmitButton>
        </form>
      ) : (
        <form onSubmit={reset} noValidate>
          <FormError message={errors.form} />
          <FormField id="find-password" label="新密码" type="password" autoComplete="new-password" maxLength={16}
            placeholder="6-16位，不含空格" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
          <FormField id="find-confirm" label="确认新密码" type="password" autoComplete="new-password" maxLength={16}
            value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
          <SubmitButton pending={pending}>重置密码</SubmitButton>
        </form>
      )}
    </OverlayFrame>
  );
}
