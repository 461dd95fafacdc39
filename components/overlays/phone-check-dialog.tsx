'use client';
/**
 * Phone validation (SPEC §4 PCVipCheckByPhone): phone + SMS code, then
 * 4 → logged in; 3 → the card list and info dialog with its message;
 * 2 → the register dialog with the phone and 未注册账号，请先注册账号;
 * anything else → 系统错误，请稍后再试.
 */
import { useState, type FormEvent } from 'react';
import { messages } from '@/lib/messages';
import { checkPhoneAction } from './actions';
import { FormError, LinkButton, OverlayFrame, PhoneField, SubmitButton } from './overlay-frame';
import { openOverlay, type OverlayData } from './overlay-store';
import { checkPhoneAndCode } from './phone-and-code';
import { SmsCodeField } from './sms-code-field';
import { ProofStatus, useProof } from './use-proof';
import { useAfterLogin } from './use-session';
import { useSubmission } from '@/components/ui/use-submission';

export function PhoneCheckDialog({ data }: { data: OverlayData }) {
  const afterLogin = useAfterLogin();
  const [phone, setPhone] = useState(data.phone ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string; form?: string }>({});
  const { pending, run } = useSubmission((form) => setErrors({ form }), messages.systemError);
  const { solving, withProof } = useProof();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkPhoneAndCode(phone, code);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    return run(async () => {
      const r = await withProof((proof) => checkPhoneAction(checked.phone, checked.code, proof));
      if (!r.ok) return setErrors({ form: r.message || messages.systemError });
      if (r.returnCode === 4) await afterLogin();
      else if (r.returnCode === 3) openOverlay('cardList', { phone: checked.phone, code: checked.code, message: r.message, cards: r.cards });
      else if (r.returnCode === 2) openOverlay('register', { phone: checked.phone, code: checked.code, message: messages.notRegistered });
      else setErrors({ form: messages.systemError });
    });
  }

  return (
    <OverlayFrame title="手机号验证" message={data.message}>
      <p className="mb-4 text-sm text-stone-600">验证手机号后，可登录、激活线下会员卡或注册成为会员。</p>
      <form onSubmit={submit} noValidate>
        <FormError message={errors.form} />
        <ProofStatus solving={solving} />
        <PhoneField id="check-phone" placeholder="请输入11位手机号" value={phone} onValue={setPhone} error={errors.phone} />
        <SmsCodeField id="check-code" phone={phone} purpose="check" value={code} onChange={setCode} error={errors.code}
          onPhoneError={(m) => setErrors({ phone: m })} />
        <SubmitButton pending={pending}>下一步</SubmitButton>
      </form>
      <p className="mt-4 border-t border-stone-100 pt-3 text-right">
        <LinkButton onClick={() => openOverlay('login', { phone })}>已有账号，去登录</LinkButton>
      </p>
    </OverlayFrame>
  );
}
