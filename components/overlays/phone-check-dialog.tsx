'use client';
/**
 * Phone validation (SPEC §4 PCVipCheckByPhone): phone + SMS code, then
 * 4 → logged in; 3 → the card list and info dialog with its message;
 * 2 → the register dialog with the phone and 未注册账号，请先注册账号;
 * anything else → 系统错误，请稍后再试.
 */
import { useState, type FormEvent } from 'react';
import { messages } from '@/lib/messages';
import { validatePhone, validateSmsCode } from '@/lib/validation';
import { checkPhoneAction } from './actions';
import { FormError, FormField, LinkButton, OverlayFrame, SubmitButton } from './overlay-frame';
import { openOverlay, type OverlayData } from './overlay-store';
import { SmsCodeField } from './sms-code-field';
import { useAfterLogin } from './use-session';

export function PhoneCheckDialog({ data }: { data: OverlayData }) {
  const afterLogin = useAfterLogin();
  const [phone, setPhone] = useState(data.phone ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string; form?: string }>({});
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const p = validatePhone(phone);
    const c = validateSmsCode(code);
    if (!p.ok || !c.ok) return setErrors({ phone: p.ok ? undefined : p.message, code: c.ok ? undefined : c.message });
    setErrors({});
    setPending(true);
    try {
      const r = await checkPhoneAction(p.value, c.value);
      if (!r.ok) return setErrors({ form: r.message || messages.systemError });
      if (r.returnCode === 4) await afterLogin();
      else if (r.returnCode === 3) openOverlay('cardList', { phone: p.value, code: c.value, message: r.message, cards: r.cards });
      else if (r.returnCode === 2) openOverlay('register', { phone: p.value, code: c.value, message: messages.notRegistered });
      else setErrors({ form: messages.systemError });
    } catch {
      setErrors({ form: messages.systemError });
    } finally {
      setPending(false);
    }
  }

  return (
    <OverlayFrame title="手机号验证" message={data.message}>
      <p className="mb-4 text-sm text-stone-600">验证手机号后，可登录、激活线下会员卡或注册成为会员。</p>
      <form onSubmit={submit} noValidate>
        <FormError message={errors.form} />
        <FormField id="check-phone" label="手机号" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11}
          placeholder="请输入11位手机号" value={phone} onChange={(e) => setPhone(e.target.value)} error={errors.phone} />
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
