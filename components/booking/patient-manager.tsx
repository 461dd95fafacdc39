'use client';
/**
 * 就诊人 of an account (/dRecord/patients; docs/api.md "HIS_Register patients"): the list, a form to add or
 * edit one (name, relation, ID card with the SPEC §5 checksum checked as it is typed, phone), and removal
 * after a Headless UI confirmation. The account holder is listed once their ID card is on file and is edited
 * on /modifyInfor. The form keeps everything typed when a save fails; each write is sent once. A person
 * another account already has needs their consent (docs/api.md "HIS_Register patients"): the backend sends
 * a code to the phone on file for them, and the form asks for it, then saves again with it. That send is an
 * SMS send like any other: past the client's allowance it asks for the picture code first (SPEC §4), shown here
 * as in the login overlays (image-code-field.tsx), and past strangers' share of that phone's day for a proof of work,
 * solved here and sent again once (use-proof.tsx).
 */
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from '@/components/ui/link';
import { fieldErrors } from '@/components/ui/field-errors';
import { useSubmission } from '@/components/ui/use-submission';
import { ImageCodeField, useImageCode } from '@/components/overlays/image-code-field';
import { ProofStatus, useProof } from '@/components/overlays/use-proof';
import { LoginPromptLink } from '@/components/overlays/login-prompt-link';
import { queryKeys } from '@/components/ui/query-keys';
import type { Patient } from '@/lib/api/patients';
import { routes } from '@/lib/routes';
import { validateIdCard } from '@/lib/validation/fields';
import { PATIENT_RELATIONS, validatePatientDraft, type PatientDraft, type PatientErrors } from '@/lib/validation/patient-rules';
import { removePatientAction, savePatientAction, type PatientActionResult } from './actions';

const inputCls =
  'mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-brand-700';

const EMPTY: PatientDraft = { name: '', relation: '', idCard: '', phone: '' };

type Editing = { kind: 'add' } | { kind: 'edit'; patient: Patient } | null;

function PatientForm({
  editing,
  loginHref,
  onDone,
  onCancel,
}: {
  editing: Exclude<Editing, null>;
  loginHref: string;
  onDone: (result: Extract<PatientActionResult, { ok: true }>) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const existing = editing.kind === 'edit' ? editing.patient : null;
  const [draft, setDraft] = useState<PatientDraft>(
    existing ? { name: existing.name, relation: existing.relation, idCard: '', phone: existing.phone } : EMPTY,
  );
  const [errors, setErrors] = useState<PatientErrors>({});
  const [failure, setFailure] = useState<Extract<PatientActionResult, { ok: false }> | null>(null);
  // Set once the backend has sent a consent code to the person's phone; the name and number it was for.
  const [consentFor, setConsentFor] = useState<string | null>(null);
  const [consentCode, setConsentCode] = useState('');
  const [consentError, setConsentError] = useState<string | null>(null);
  const consentKey = `${draft.name.trim()}|${draft.idCard.trim().toUpperCase()}`;
  const askingConsent = consentFor !== null && consentFor === consentKey;
  // Shown once the consent code's send has asked for the picture code; spent by the next send, right or wrong.
  const imageCode = useImageCode();
  const { solving, withProof } = useProof();
  const { pending, run } = useSubmission((message) => setFailure({ ok: false, message }), '网络异常，就诊人尚未保存，请稍后重试');

  const idTyped = draft.idCard.trim();
  const idCheck = idTyped ? validateIdCard(idTyped) : null;

  function update(key: keyof PatientDraft, value: string) {
    setDraft((d) => ({ ...d, [key]: value }));
    setFailure(null);
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = validatePatientDraft(draft, { editing: Boolean(existing) });
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailure({ ok: false, message: '请检查标出的内容，就诊人尚未保存' });
      return;
    }
    const code = askingConsent ? consentCode.trim() : '';
    // Left empty, the save asks the backend to send the code again (at most once a minute, docs/security.md).
    if (askingConsent && code && !/^\d{6}$/.test(code)) {
      setConsentError('本人同意验证码为6位数字');
      setFailure({ ok: false, message: '请填写本人同意验证码，就诊人尚未保存' });
      return;
    }
    // Without a consent code the save sends one, and carries the picture code when one is shown.
    const image = code ? undefined : imageCode.answer;
    if (image && !/^\d{4}$/.test(image.code.trim())) {
      setFailure({ ok: false, message: '请输入4位图形验证码，就诊人尚未保存' });
      return;
    }
    run(async () => {
      const picture = image ? { key: image.key, code: image.code.trim() } : null;
      const r = await withProof((proof) => savePatientAction(existing ? existing.id : null, draft, code || null, picture, proof));
      if (r.ok) onDone(r);
      else {
        setFailure(r);
        if (r.errors) setErrors(r.errors);
        if (r.needImageCode) await imageCode.load();
        else if (r.reason === 'CONSENT_REQUIRED') {
          // The code was sent: the picture it took is spent.
          imageCode.clear();
          setConsentFor(consentKey);
          setConsentCode('');
        } else if (askingConsent && r.errorNo === -1 && /验证码/.test(r.message)) setConsentError(r.message);
      }
    });
  }

  const { field, errorOf } = fieldErrors<keyof PatientDraft>(id, errors, { alert: true });
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="grid grid-cols-2 gap-x-6 gap-y-4 rounded-xl border border-brand-200 bg-white p-6">
      <h2 id={`${id}-title`} className="col-span-2 text-lg font-semibold text-stone-900">
        {existing ? `编辑就诊人：${existing.name}` : '添加就诊人'}
      </h2>
      <div>
        <label htmlFor={`${id}-name`} className="text-sm font-medium text-stone-800">
          姓名 <span className="text-brand-700">*</span>
        </label>
        <input {...field('name')} value={draft.name} onChange={(e) => update('name', e.target.value)} className={inputCls} placeholder="与身份证一致" />
        {errorOf('name')}
      </div>
      <div>
        <label htmlFor={`${id}-relation`} className="text-sm font-medium text-stone-800">
          与本人关系 <span className="text-brand-700">*</span>
        </label>
        <select {...field('relation')} value={draft.relation} onChange={(e) => update('relation', e.target.value)} className={inputCls}>
          <option value="">请选择</option>
          {PATIENT_RELATIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        {errorOf('relation')}
      </div>
      <div>
        <label htmlFor={`${id}-idCard`} className="text-sm font-medium text-stone-800">
          身份证号 {existing ? null : <span className="text-brand-700">*</span>}
        </label>
        <input
          {...field('idCard')}
          value={draft.idCard}
          maxLength={18}
          onChange={(e) => update('idCard', e.target.value)}
          onBlur={() => {
            if (idCheck && !idCheck.ok) setErrors((e) => ({ ...e, idCard: idCheck.message }));
          }}
          className={inputCls}
          placeholder={existing ? `已登记：${existing.idCardMasked}（如需修改请输入新的号码）` : '15位或18位身份证号'}
          aria-describedby={errors.idCard ? `${id}-idCard-error` : `${id}-idCard-hint`}
        />
        {errorOf('idCard') ?? (
          <p id={`${id}-idCard-hint`} className="mt-1 text-sm text-stone-600">
            {idCheck?.ok ? `已识别：${idCheck.value.birthday}，${idCheck.value.sex === 1 ? '男' : '女'}，${idCheck.value.age}岁` : '挂号实行实名制，请填写就诊人本人的身份证号'}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-phone`} className="text-sm font-medium text-stone-800">
          手机号 <span className="text-brand-700">*</span>
        </label>
        <input
          {...field('phone')}
          type="tel"
          inputMode="numeric"
          maxLength={11}
          value={draft.phone}
          onChange={(e) => update('phone', e.target.value)}
          className={inputCls}
          aria-describedby={errors.phone ? `${id}-phone-error` : `${id}-phone-hint`}
        />
        {errorOf('phone') ?? (
          <p id={`${id}-phone-hint`} className="mt-1 text-sm text-stone-600">
            就诊前一天的提醒短信发送到此号码（儿童可填写监护人手机号）
          </p>
        )}
      </div>
      {askingConsent ? (
        <div className="col-span-2 rounded-lg border border-gold-400 bg-amber-50 p-4">
          <label htmlFor={`${id}-consent`} className="text-sm font-medium text-stone-800">
            本人同意验证码 <span className="text-brand-700">*</span>
          </label>
          <input
            id={`${id}-consent`}
            name="consentCode"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={consentCode}
            onChange={(e) => {
              setConsentCode(e.target.value);
              setConsentError(null);
            }}
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? `${id}-consent-error` : `${id}-consent-hint`}
            className={`${inputCls} max-w-xs`}
          />
          {consentError ? (
            <p id={`${id}-consent-error`} role="alert" className="mt-1 text-sm text-brand-700">
              {consentError}
            </p>
          ) : (
            <p id={`${id}-consent-hint`} className="mt-1 text-sm text-stone-700">
              该身份证号的就诊人已在其他账号登记，为保护其个人信息，需其本人同意：验证码已发送到其本人登记的手机，5分钟内有效。请向其索取后填写。没有收到：验证码留空再次提交即重新发送（每分钟一次）。
            </p>
          )}
        </div>
      ) : null}
      {imageCode.image ? (
        <div className="col-span-2 rounded-lg border border-stone-200 bg-stone-50 p-4">
          <p className="mb-2 text-sm text-stone-700">
            发送本人同意验证码前，请先填写图形验证码（看不清可点击图片换一张，或点击“听语音验证码”），再提交。
          </p>
          <ImageCodeField id={id} imageCode={imageCode} />
        </div>
      ) : null}
      <div className="col-span-2 space-y-3">
        <ProofStatus solving={solving} />
        {failure ? (
          <p role="alert" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700">
            {failure.message}
            {failure.sessionExpired ? (
              <>
                {' '}
                <LoginPromptLink href={loginHref} className="underline">
                  去登录
                </LoginPromptLink>
              </>
            ) : null}
          </p>
        ) : null}
        <div className="flex gap-3">
          <button type="submit" disabled={pending} className="rounded-lg bg-brand-700 px-8 py-2 font-medium text-white hover:bg-brand-800 disabled:bg-stone-400">
            {pending ? '保存中…' : existing ? '保存修改' : '添加就诊人'}
          </button>
          <button type="button" onClick={onCancel} disabled={pending} className="rounded-lg border border-stone-300 px-6 py-2 text-stone-700 hover:border-stone-400">
            取消
          </button>
        </div>
      </div>
    </form>
  );
}

function RemoveDialog({ patient, onClose, onRemoved }: { patient: Patient; onClose: () => void; onRemoved: (message: string) => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const { pending, run } = useSubmission((m) => setMessage(m), '网络异常，就诊人未删除，请稍后重试');
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog open onClose={close} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-bold text-stone-900">删除就诊人？</DialogTitle>
        <Description className="mt-3 text-sm text-stone-700">
          删除后不能再为{patient.name}（{patient.relation}）预约；已有的挂号记录保留。
        </Description>
        {message ? (
          <p role="alert" className="mt-3 text-sm text-brand-700">
            {message}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" onClick={close} disabled={pending} className="rounded-lg border border-stone-300 px-5 py-2 text-stone-700 hover:border-stone-400">
            暂不删除
          </button>
          <button
            type="button"
            disabled={pending}
            onClick={() =>
              run(async () => {
                const r = await removePatientAction(patient.id);
                if (r.ok) onRemoved(`已删除就诊人${patient.name}`);
                else setMessage(r.message);
              })
            }
            className="rounded-lg bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 disabled:bg-stone-400"
          >
            {pending ? '删除中…' : '确认删除'}
          </button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

export function PatientManager({
  patients,
  max,
  selfIdCardOnFile,
  next,
}: {
  patients: Patient[];
  max: number;
  selfIdCardOnFile: boolean;
  /** Where the member came from to add one (the booking page of a slot), a safe internal path. */
  next: string | null;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(patients.length === 0 ? { kind: 'add' } : null);
  const [removing, setRemoving] = useState<Patient | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const full = patients.length >= max;
  const loginHref = routes.loginDialog({ next: routes.patients() });

  function done(message: string) {
    setEditing(null);
    setRemoving(null);
    setNotice(message);
    // The list is the island's read (components/booking/patients-part.tsx): it reads the changed list again.
    void queryClient.invalidateQueries({ queryKey: queryKeys.patients });
  }

  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600">每个账户的就诊人最多{max}位，含本人。</p>
      {notice ? (
        <div role="status" className="rounded-lg bg-jade-50 px-4 py-3 text-sm text-jade-700">
          {notice}
          {next ? (
            <>
              {' '}
              <Link href={next} className="font-medium underline underline-offset-2">
                返回预约
              </Link>
            </>
          ) : null}
        </div>
      ) : null}
      {!selfIdCardOnFile ? (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-stone-800">
          本人身份证号未登记：登记后本人也可作为就诊人预约。
          <Link href={routes.modifyInfo()} className="ml-1 text-brand-700 underline underline-offset-2">
            去登记
          </Link>
        </p>
      ) : null}
      {patients.length ? (
        <ul aria-label="就诊人列表" className="grid gap-4 md:grid-cols-2">
          {patients.map((p) => (
            <li key={p.id} className="rounded-xl border border-stone-200 bg-white p-5">
              <p className="flex items-center gap-2">
                <span className="text-lg font-semibold text-stone-900">{p.name}</span>
                <span className="rounded-full bg-jade-50 px-2 py-0.5 text-xs text-jade-700">{p.relation}</span>
              </p>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-stone-600">身份证</dt>
                <dd className="text-stone-900">{p.idCardMasked}</dd>
                <dt className="text-stone-600">性别年龄</dt>
                <dd className="text-stone-900">
                  {p.sex === null ? '—' : p.sex === 1 ? '男' : '女'}
                  {p.age === null ? '' : ` · ${p.age}岁`}
                </dd>
                <dt className="text-stone-600">手机号</dt>
                <dd className="text-stone-900">{p.phone}</dd>
              </dl>
              <p className="mt-4 flex gap-3 text-sm">
                {p.isSelf ? (
                  <Link href={routes.modifyInfo()} className="text-brand-700 underline underline-offset-2">
                    在“编辑资料”中修改<span className="sr-only">本人信息</span>
                  </Link>
                ) : (
                  <>
                    <button type="button" onClick={() => setEditing({ kind: 'edit', patient: p })} className="text-brand-700 underline underline-offset-2">
                      编辑<span className="sr-only">{p.name}</span>
                    </button>
                    {p.canRemove ? (
                      <button type="button" onClick={() => setRemoving(p)} className="text-stone-700 underline underline-offset-2">
                        删除<span className="sr-only">{p.name}</span>
                      </button>
                    ) : (
                      <span className="text-stone-600">有待就诊的预约，暂不能删除</span>
                    )}
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {editing ? (
        <PatientForm
          key={editing.kind === 'edit' ? editing.patient.id : 'add'}
          editing={editing}
          loginHref={loginHref}
          onDone={(r) => done(r.message)}
          onCancel={() => setEditing(null)}
        />
      ) : full ? (
        <p className="text-sm text-stone-600">已达{max}位就诊人上限（含本人），如需添加请先删除不再需要的就诊人。</p>
      ) : (
        <button type="button" onClick={() => setEditing({ kind: 'add' })} className="rounded-lg border border-brand-600 px-6 py-2 text-brand-700 hover:bg-brand-50">
          添加就诊人（还可添加{max - patients.length}位）
        </button>
      )}
      {removing ? <RemoveDialog patient={removing} onClose={() => setRemoving(null)} onRemoved={done} /> : null}
    </div>
  );
}
