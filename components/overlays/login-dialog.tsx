'use client';
/**
 * Login overlay (SPEC §4): password, SMS code and WeChat tabs. Fields
 * are validated by SPEC §5 before any call; server errors show their ErrorInfo.
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { routes } from '@/lib/routes';
import { validatePassword, validatePhone } from '@/lib/validation';
import { loginWithPasswordAction, loginWithSmsAction } from './actions';
import { FormError, FormField, LinkButton, OverlayFrame, PhoneField, SubmitButton } from './overlay-frame';
import { openOverlay, type OverlayData } from './overlay-store';
import { checkPhoneAndCode } from './phone-and-code';
import { SmsCodeField } from './sms-code-field';
import { ProofStatus, useProof } from './use-proof';
import { useAfterLogin } from './use-session';
import { useSubmission } from '@/components/ui/use-submission';

const TABS = ['密码登录', '短信登录', '微信登录'] as const;

export function LoginDialog({ data }: { data: OverlayData }) {
  return (
    <OverlayFrame title="会员登录" message={data.message}>
      <TabGroup>
        <TabList className="mb-4 flex gap-1 rounded-lg bg-stone-100 p-1">
          {TABS.map((t) => (
            <Tab
              key={t}
              className="flex-1 rounded-md py-1.5 text-sm text-stone-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[selected]:bg-white data-[selected]:font-semibold data-[selected]:text-brand-700 data-[selected]:shadow"
            >
              {t}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel>
            <PasswordLogin initialPhone={data.phone ?? ''} />
          </TabPanel>
          <TabPanel>
            <SmsLogin initialPhone={data.phone ?? ''} />
          </TabPanel>
          <TabPanel>
            <WechatEntry />
          </TabPanel>
        </TabPanels>
      </TabGroup>
      <div className="mt-4 flex items-center justify-between border-t border-stone-100 pt-3">
        <LinkButton onClick={() => openOverlay('phoneCheck')}>注册 / 激活会员卡</LinkButton>
        <LinkButton onClick={() => openOverlay('findPassword')}>忘记密码？</LinkButton>
      </div>
    </OverlayFrame>
  );
}

function PasswordLogin({ initialPhone }: { initialPhone: string }) {
  const afterLogin = useAfterLogin();
  const [phone, setPhone] = useState(initialPhone);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; password?: string; form?: string }>({});
  const { pending, run } = useSubmission((form) => setErrors({ form }));
  const { solving, withProof } = useProof();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const p = validatePhone(phone);
    const pw = validatePassword(password);
    if (!p.ok || !pw.ok) {
      return setErrors({ phone: p.ok ? undefined : p.message, password: pw.ok ? undefined : pw.message });
    }
    setErrors({});
    return run(async () => {
      const r = await withProof((proof) => loginWithPasswordAction(p.value, pw.value, proof));
      if (r.ok) await afterLogin();
      else setErrors({ form: r.message });
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <FormError message={errors.form} />
      <ProofStatus solving={solving} />
      <PhoneField id="login-phone" placeholder="请输入11位手机号" value={phone} onValue={setPhone} error={errors.phone} />
      <FormField id="login-password" label="密码" type="password" autoComplete="current-password" maxLength={16}
        placeholder="6-16位，不含空格" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
      <SubmitButton pending={pending}>登录</SubmitButton>
    </form>
  );
}

function SmsLogin({ initialPhone }: { initialPhone: string }) {
  const afterLogin = useAfterLogin();
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string; form?: string }>({});
  const { pending, run } = useSubmission((form) => setErrors({ form }));
  const { solving, withProof } = useProof();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkPhoneAndCode(phone, code);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    return run(async () => {
      const r = await withProof((proof) => loginWithSmsAction(checked.phone, checked.code, proof));
      if (r.ok) await afterLogin();
      else setErrors({ form: r.message });
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <FormError message={errors.form} />
      <ProofStatus solving={solving} />
      <PhoneField id="sms-login-phone" placeholder="请输入11位手机号" value={phone} onValue={setPhone} error={errors.phone} />
      <SmsCodeField id="sms-login-code" phone={phone} purpose="login" value={code} onChange={setCode} error={errors.code}
        onPhoneError={(m) => setErrors({ phone: m })} />
      <SubmitButton pending={pending}>登录</SubmitButton>
    </form>
  );
}

function WechatEntry() {
  return (
    <div className="py-4 text-center">
      <div className="mx-auto mb-4 flex h-40 w-40 items-center justify-center rounded-lg border-2 border-dashed border-jade-600 bg-jade-50 text-jade-700">
        <svg aria-hidden="true" viewBox="0 0 48 48" className="h-16 w-16" fill="currentColor">
          <path d="M18 8C9.2 8 2 14 2 21.4c0 4.2 2.3 8 6 10.5L6.5 37l5.6-3c1.8.5 3.8.8 5.9.8h1c-.4-1.3-.6-2.6-.6-4 0-7.5 7.1-13.5 16-13.5h1C34 11.6 26.8 8 18 8zm-6 8.5a2 2 0 110 4 2 2 0 010-4zm12 0a2 2 0 110 4 2 2 0 010-4z" />
          <path d="M46 30.6C46 24.4 40 19.5 32.5 19.5S19 24.4 19 30.6s6 11.1 13.5 11.1c1.6 0 3.1-.2 4.5-.6l4.6 2.5-1.2-4.2c3.4-2.1 5.6-5.3 5.6-8.8zm-17.5-2.8a1.7 1.7 0 110 3.4 1.7 1.7 0 010-3.4zm8 0a1.7 1.7 0 110 3.4 1.7 1.7 0 010-3.4z" />
        </svg>
      </div>
      <p className="mb-4 text-sm text-stone-600">使用微信扫一扫，授权后自动登录</p>
      <a
        href={routes.wechatLogin()}
        className="inline-block rounded-md bg-jade-600 px-6 py-2.5 font-medium text-white hover:bg-jade-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-jade-700"
      >
        微信扫码登录
      </a>
    </div>
  );
}
