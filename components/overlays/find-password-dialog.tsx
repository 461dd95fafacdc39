'use client';
/** Find password: VerifyPhoneCode, then ResetPwd with the same code; then log in with the new password. */
import { useState, type FormEvent } from 'react';
import { validatePassword } from '@/lib/validation';
import { showToast } from '@/components/ui/toast';
import { resetPasswordAction, verifyResetCodeAction } from './actions';
import { FormError, NewPasswordFields, OverlayFrame, PhoneField, SubmitButton } from './overlay-frame';
import { openOverlay, type OverlayData } from './overlay-store';
import { checkPhoneAndCode } from './phone-and-code';
import { SmsCodeField } from './sms-code-field';
import { ProofStatus, useProof } from './use-proof';
import { useSubmission } from '@/components/ui/use-submission';

export function FindPasswordDialog({ data }: { data: OverlayData }) {
  const [step, setStep] = useState<'verify' | 'reset'>('verify');
  const [phone, setPhone] = useState(data.phone ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { pending, run } = useSubmission((form) => setErrors({ form }));
  const { solving, withProof } = useProof();

  function verify(e: FormEvent) {
    e.preventDefault();
    const checked = checkPhoneAndCode(phone, code);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    return run(async () => {
      const r = await withProof((proof) => verifyResetCodeAction(checked.phone, checked.code, proof));
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
      const r = await withProof((proof) => resetPasswordAction({ phone, code, password: pw.value, proof }));
      if (r.ok) {
        showToast('密码已重置，请使用新密码登录', 'success');
        openOverlay('login', { phone });
      } else setErrors({ form: r.message });
    });
  }

  return (
    <OverlayFrame title="找回密码" message={data.message}>
      <ProofStatus solving={solving} />
      <ol className="mb-4 flex gap-2 text-sm" aria-label="步骤">
        <li className={step === 'verify' ? 'font-semibold text-brand-700' : 'text-stone-600'} aria-current={step === 'verify' ? 'step' : undefined}>1 验证手机号</li>
        <li aria-hidden="true" className="text-stone-400">›</li>
        <li className={step === 'reset' ? 'font-semibold text-brand-700' : 'text-stone-600'} aria-current={step === 'reset' ? 'step' : undefined}>2 设置新密码</li>
      </ol>
      {step === 'verify' ? (
        <form onSubmit={verify} noValidate>
          <FormError message={errors.form} />
          <PhoneField id="find-phone" value={phone} onValue={setPhone} error={errors.phone} />
          <SmsCodeField id="find-code" phone={phone} purpose="reset" value={code} onChange={setCode} error={errors.code}
            onPhoneError={(m) => setErrors({ phone: m })} />
          <SubmitButton pending={pending}>下一步</SubmitButton>
        </form>
      ) : (
        <form onSubmit={reset} noValidate>
          <FormError message={errors.form} />
          <NewPasswordFields idPrefix="find" labels={['新密码', '确认新密码']} password={password} confirm={confirm}
            onPassword={setPassword} onConfirm={setConfirm} errors={errors} />
          <SubmitButton pending={pending}>重置密码</SubmitButton>
        </form>
      )}
    </OverlayFrame>
  );
}
