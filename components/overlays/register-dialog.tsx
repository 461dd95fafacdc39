'use client';
/**
 * Registration (InsertPCVip): the agreement (SYS_Agreement GetSigin) is shown
 * and must be accepted; SPEC §5 validation before the call; logged in after.
 */
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { sessionAgreementPath } from '@/lib/internal-paths';
import { queryKeys } from '@/components/ui/query-keys';
import { readRoute } from '@/components/ui/read-route';
import type { SafeHtml } from '@/lib/sanitize';
import { validateIdCard, validateName, validatePassword, validatePhone, validateSmsCode } from '@/lib/validation';
import { registerAction } from './actions';
import { FormError, FormField, NewPasswordFields, OverlayFrame, PhoneField, SubmitButton } from './overlay-frame';
import type { OverlayData } from './overlay-store';
import { SmsCodeField } from './sms-code-field';
import { ProofStatus, useProof } from './use-proof';
import { useAfterLogin } from './use-session';
import { useSubmission } from '@/components/ui/use-submission';
import { SanitizedHtml } from '@/components/ui/sanitized-html';

/** The route's answer: its html was sanitized on the server (app/session/agreement, lib/sanitize). */
type Agreement = { ok: true; title: string; html: SafeHtml } | { ok: false; message: string };

const AGREEMENT_UNAVAILABLE: Agreement = { ok: false, message: '会员服务协议暂时无法加载，请稍后再试' };

const fetchAgreement = () => readRoute<Agreement>(sessionAgreementPath());

export function RegisterDialog({ data }: { data: OverlayData }) {
  const afterLogin = useAfterLogin();
  // Fetched once an hour at most, however often the dialog opens; a refusal is asked again next time.
  const agreement = useQuery({
    queryKey: queryKeys.registerAgreement,
    queryFn: fetchAgreement,
    staleTime: (query) => (query.state.data?.ok ? 3_600_000 : 0),
  });
  const [phone, setPhone] = useState(data.phone ?? '');
  const [code, setCode] = useState(data.code ?? '');
  const [name, setName] = useState('');
  const [idCard, setIdCard] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { pending, run } = useSubmission((form) => setErrors({ form }));
  const { solving, withProof } = useProof();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const p = validatePhone(phone);
    const c = validateSmsCode(code);
    const n = validateName(name);
    const pw = validatePassword(password);
    const id = idCard.trim() ? validateIdCard(idCard) : null;
    const next: Record<string, string | undefined> = {
      phone: p.ok ? undefined : p.message,
      code: c.ok ? undefined : c.message,
      name: n.ok ? undefined : n.message,
      password: pw.ok ? undefined : pw.message,
      confirm: pw.ok && confirm !== password ? '两次输入的密码不一致' : undefined,
      idCard: id && !id.ok ? id.message : undefined,
      agreed: agreed ? undefined : '请阅读并同意会员服务协议',
    };
    if (Object.values(next).some(Boolean) || !p.ok || !c.ok || !n.ok || !pw.ok) return setErrors(next);
    setErrors({});
    return run(async () => {
      const input = { phone: p.value, code: c.value, name: n.value, password: pw.value, idCard: idCard.trim() || undefined, agreed };
      const r = await withProof((proof) => registerAction({ ...input, proof }));
      if (r.ok) await afterLogin();
      else setErrors({ form: r.message });
    });
  }

  const doc = agreement.data ?? (agreement.isError ? AGREEMENT_UNAVAILABLE : undefined);
  return (
    <OverlayFrame title="注册会员" message={data.message} wide>
      <form onSubmit={submit} noValidate className="grid grid-cols-2 gap-x-4">
        <div className="col-span-2">
          <FormError message={errors.form} />
          <ProofStatus solving={solving} />
        </div>
        <PhoneField id="register-phone" value={phone} onValue={setPhone} error={errors.phone} />
        <SmsCodeField id="register-code" phone={phone} purpose="register" value={code} onChange={setCode} error={errors.code}
          onPhoneError={(m) => setErrors({ phone: m })} />
        <FormField id="register-name" label="姓名" autoComplete="name" maxLength={30} placeholder="2-30个字"
          value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        <FormField id="register-idcard" label="身份证号（选填）" maxLength={18} autoComplete="off"
          value={idCard} onChange={(e) => setIdCard(e.target.value)} error={errors.idCard} />
        <NewPasswordFields idPrefix="register" password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors} />
        <div className="col-span-2 mt-1">
          <Disclosure>
            <DisclosureButton className="text-sm text-brand-700 underline underline-offset-2">
              {doc?.ok ? `查看《${doc.title}》` : '查看会员服务协议'}
            </DisclosureButton>
            <DisclosurePanel className="mt-2 max-h-48 overflow-y-auto rounded-md border border-stone-200 bg-stone-50 p-3 text-sm leading-relaxed text-stone-700">
              {doc === undefined ? (
                '协议加载中…'
              ) : doc.ok ? (
                <SanitizedHtml className="article-body" html={doc.html} />
              ) : (
                doc.message
              )}
            </DisclosurePanel>
          </Disclosure>
          <label className="mt-2 flex items-center gap-2 text-sm text-stone-700">
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} className="h-4 w-4 accent-brand-700"
              aria-describedby={errors.agreed ? 'register-agreed-error' : undefined} />
            我已阅读并同意{doc?.ok ? `《${doc.title}》` : '会员服务协议'}
          </label>
          {errors.agreed ? <p id="register-agreed-error" className="mt-1 text-sm text-brand-700">{errors.agreed}</p> : null}
        </div>
        <div className="col-span-2">
          <SubmitButton pending={pending}>注册并登录</SubmitButton>
        </div>
      </form>
    </OverlayFrame>
  );
}
