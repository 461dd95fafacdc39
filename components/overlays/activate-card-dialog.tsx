'use client';
/** Card activation (ActivationPcVipCard): the phone's SMS code and a password for the online account. */
import { useState, type FormEvent } from 'react';
import { validatePassword, validatePhone, validateSmsCode } from '@/lib/validation';
import { activateCardAction } from './actions';
import { FormError, FormField, NewPasswordFields, OverlayFrame, PhoneField, SubmitButton } from './overlay-frame';
import type { OverlayData } from './overlay-store';
import { SmsCodeField } from './sms-code-field';
import { ProofStatus, useProof } from './use-proof';
import { useAfterLogin } from './use-session';
import { useSubmission } from '@/components/ui/use-submission';

export function ActivateCardDialog({ data }: { data: OverlayData }) {
  const afterLogin = useAfterLogin();
  const [phone, setPhone] = useState(data.phone ?? '');
  const [cardNo, setCardNo] = useState(data.cardNo ?? '');
  const [code, setCode] = useState(data.code ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { pending, run } = useSubmission((form) => setErrors({ form }));
  const { solving, withProof } = useProof();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const p = validatePhone(phone);
    const c = validateSmsCode(code);
    const pw = validatePassword(password);
    const next: Record<string, string | undefined> = {
      phone: p.ok ? undefined : p.message,
      code: c.ok ? undefined : c.message,
      password: pw.ok ? undefined : pw.message,
      cardNo: cardNo.trim() ? undefined : '请输入会员卡号',
      confirm: pw.ok && confirm !== password ? '两次输入的密码不一致' : undefined,
    };
    if (Object.values(next).some(Boolean) || !p.ok || !c.ok || !pw.ok) return setErrors(next);
    setErrors({});
    return run(async () => {
      const r = await withProof((proof) => activateCardAction({ phone: p.value, code: c.value, cardNo: cardNo.trim(), password: pw.value, proof }));
      if (r.ok) await afterLogin();
      else setErrors({ form: r.message });
    });
  }

  return (
    <OverlayFrame title="激活会员卡" message={data.message}>
      <form onSubmit={submit} noValidate>
        <FormError message={errors.form} />
        <ProofStatus solving={solving} />
        <FormField id="activate-card" label="会员卡号" value={cardNo} onChange={(e) => setCardNo(e.target.value)} error={errors.cardNo} maxLength={32} />
        <PhoneField id="activate-phone" value={phone} onValue={setPhone} error={errors.phone} />
        <SmsCodeField id="activate-code" phone={phone} purpose="activate" value={code} onChange={setCode} error={errors.code}
          onPhoneError={(m) => setErrors({ phone: m })} />
        <NewPasswordFields idPrefix="activate" password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors} />
        <SubmitButton pending={pending}>激活并登录</SubmitButton>
      </form>
    </OverlayFrame>
  );
}
