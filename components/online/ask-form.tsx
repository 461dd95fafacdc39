'use client';
/**
 * Ask a doctor (图文问诊, askDoctorAction): for which 就诊人, the question (10–1000 characters), how long, seen a
 * doctor or not, public or private, and up to four photos; then pay. The rules run here as the member types and
 * again on the server (lib/validation/ask-rules.ts). A failed submit keeps everything, the photos too (the form
 * is never reset); the idempotency key lives as long as the form, so a double click or a resubmit makes one
 * question and one payment.
 */
import { useId, useRef, useState } from 'react';
import { fieldErrors } from '@/components/ui/field-errors';
import { Link } from '@/components/ui/link';
import { useSubmission } from '@/components/ui/use-submission';
import type { AskedQuestion } from '@/lib/api/ask';
import { routes } from '@/lib/routes';
import { formatYuan } from '@/lib/fees';
import { ASK_DURATIONS, ASK_RULES, PHOTO_LIMITS, validateAskDraft, type AskDraft, type AskErrors } from '@/lib/validation/ask-rules';
import { countChars } from '@/lib/validation/message-rules';
import { askDoctorAction } from './actions';
import { PayAskButton } from './pay-ask-button';

export interface AskPatient {
  id: number;
  name: string;
  relation: string;
  idCardMasked: string;
}

type Errors = AskErrors & { photos?: string; patientId?: string };

const INPUT =
  'mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-brand-700';

function photoProblem(files: File[]): string | undefined {
  if (files.length > PHOTO_LIMITS.maxCount) return `最多上传${PHOTO_LIMITS.maxCount}张图片`;
  if (files.some((f) => f.size > PHOTO_LIMITS.maxBytes)) return `单张图片不能超过${PHOTO_LIMITS.maxBytes / 1024 / 1024}MB，请压缩后再上传`;
  return undefined;
}

export function AskForm({
  doctorId,
  doctorCode,
  doctorName,
  fee,
  idempotencyKey,
  patients,
}: {
  doctorId: number;
  doctorCode: string;
  doctorName: string;
  fee: number;
  idempotencyKey: string;
  patients: AskPatient[];
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [key] = useState(idempotencyKey);
  const [patientId, setPatientId] = useState(patients[0] ? String(patients[0].id) : '');
  const [draft, setDraft] = useState<AskDraft>({ content: '', duration: '', seenDoctor: '', isPrivate: '1' });
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [asked, setAsked] = useState<AskedQuestion | null>(null);
  const { pending, run } = useSubmission((m) => setMessage(m), '网络异常，问诊尚未提交，再次提交不会重复扣费');

  function update(k: keyof AskDraft, value: string) {
    setDraft((d) => ({ ...d, [k]: value }));
    setMessage(null);
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = validateAskDraft(draft);
    const photos = photoProblem(files);
    const local: Errors = { ...(checked.ok ? {} : checked.errors), ...(photos ? { photos } : {}), ...(patientId ? {} : { patientId: '请选择就诊人' }) };
    if (Object.values(local).some(Boolean)) {
      setErrors(local);
      setMessage('请检查标出的内容，问诊尚未提交');
      return;
    }
    const form = new FormData(formRef.current!);
    // The photos as chosen: an empty file input would send one nameless empty file.
    form.delete('photos');
    for (const f of files) form.append('photos', f);
    run(async () => {
      const r = await askDoctorAction(null, form);
      if (r.ok) {
        setAsked(r.question);
        setMessage(null);
      } else {
        setMessage(r.message);
        if (r.errors) setErrors(r.errors);
      }
    });
  }

  if (asked) {
    return (
      <div className="space-y-3 rounded-lg border border-gold-400 bg-amber-50 p-4">
        <p role="status" className="font-medium text-stone-900">
          问诊已提交（单号 {asked.askNo}，就诊人：{asked.patientName}，状态：{asked.statusName}）
        </p>
        {asked.status === 'unpaid' ? (
          <>
            {asked.discountLabel ? (
              <p className="text-sm text-stone-700">
                问诊费 ￥{formatYuan(asked.listFee)} · 会员折扣 {asked.discountLabel} · 实付 ￥{formatYuan(asked.fee)}
              </p>
            ) : null}
            <PayAskButton askNo={asked.askNo} fee={asked.fee} simulated={asked.simulatedPayment} deadline={asked.payDeadline} />
          </>
        ) : null}
        <p className="flex flex-wrap gap-4 text-sm">
          <Link href={routes.askDetail(asked.askNo)} className="font-medium text-brand-700 underline underline-offset-2">
            查看问诊详情
          </Link>
          <Link href={routes.asks()} className="text-brand-700 hover:underline">
            我的问诊
          </Link>
        </p>
        <p className="text-xs text-stone-600">
          逾期未支付，问诊将自动取消；支付后医生{ASK_RULES.answerHours}小时内未回复，问诊费全额原路退回并短信通知您。
        </p>
      </div>
    );
  }

  const { field, errorOf } = fieldErrors<keyof Errors>(id, errors, { alert: true });
  const count = countChars(draft.content.trim());
  const back = routes.patients({ next: routes.askDoctor(doctorCode) });

  if (patients.length === 0) {
    return (
      <div role="alert" className="space-y-2 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-800">
        <p className="font-medium">问诊需注明就诊人：请先添加就诊人（姓名与身份证号），或在“编辑资料”中登记本人身份证号。</p>
        <p className="flex flex-wrap gap-4">
          <Link href={back} className="font-medium underline underline-offset-2">
            添加就诊人
          </Link>
          <Link href={routes.modifyInfo()} className="underline underline-offset-2">
            登记本人身份证号
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5 rounded-lg border border-stone-200 bg-white p-5">
      <input type="hidden" name="doctorId" value={doctorId} />
      <input type="hidden" name="idempotencyKey" value={key} />
      <fieldset aria-describedby={errors.patientId ? `${id}-patientId-error` : undefined}>
        <legend className="text-sm font-medium text-stone-800">
          就诊人 <span className="text-brand-700">*</span>
          <span className="ml-2 font-normal text-stone-600">请选择本次咨询的患者</span>
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {patients.map((p) => (
            <label
              key={p.id}
              htmlFor={`${id}-patient-${p.id}`}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-stone-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                id={`${id}-patient-${p.id}`}
                type="radio"
                name="patientId"
                value={p.id}
                checked={patientId === String(p.id)}
                onChange={() => setPatientId(String(p.id))}
                className="mt-1"
              />
              <span>
                <span className="font-medium text-stone-900">{p.name}</span>
                <span className="ml-1 text-sm text-jade-700">（{p.relation}）</span>
                <span className="block text-xs text-stone-600">身份证 {p.idCardMasked}</span>
              </span>
            </label>
          ))}
        </div>
        {errorOf('patientId')}
        <p className="mt-2 text-sm">
          <Link href={back} className="text-brand-700 underline underline-offset-2">
            管理就诊人
          </Link>
        </p>
      </fieldset>

      <div>
        <label htmlFor={`${id}-content`} className="text-sm font-medium text-stone-800">
          问题描述 <span className="text-brand-700">*</span>
        </label>
        <textarea
          {...field('content')}
          name="content"
          rows={6}
          value={draft.content}
          onChange={(e) => update('content', e.target.value)}
          placeholder={`请描述症状、持续时间、用药情况和想咨询的问题（${ASK_RULES.contentMin}-${ASK_RULES.contentMax}字）`}
          className={INPUT}
        />
        <p className="text-right text-xs text-stone-600">
          {count}/{ASK_RULES.contentMax}
        </p>
        {errorOf('content')}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-duration`} className="text-sm font-medium text-stone-800">
            患病时长 <span className="text-brand-700">*</span>
          </label>
          <select {...field('duration')} name="duration" value={draft.duration} onChange={(e) => update('duration', e.target.value)} className={INPUT}>
            <option value="">请选择</option>
            {ASK_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          {errorOf('duration')}
        </div>
        <fieldset aria-describedby={errors.seenDoctor ? `${id}-seenDoctor-error` : undefined}>
          <legend className="text-sm font-medium text-stone-800">
            是否已就诊 <span className="text-brand-700">*</span>
          </legend>
          <div className="mt-2 flex gap-4">
            {[
              ['1', '已去医院就诊'],
              ['0', '尚未就诊'],
            ].map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-stone-800">
                <input type="radio" name="seenDoctor" value={value} checked={draft.seenDoctor === value} onChange={() => update('seenDoctor', value!)} />
                {label}
              </label>
            ))}
          </div>
          {errorOf('seenDoctor')}
        </fieldset>
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-stone-800">公开或私密</legend>
        <div className="mt-2 space-y-2">
          <label className="flex items-start gap-2 text-sm text-stone-800">
            <input type="radio" name="isPrivate" value="1" checked={draft.isPrivate === '1'} onChange={() => update('isPrivate', '1')} className="mt-1" />
            <span>
              私密提问<span className="block text-xs text-stone-600">仅您和医生可见，不会出现在任何公开页面</span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-stone-800">
            <input type="radio" name="isPrivate" value="0" checked={draft.isPrivate === '0'} onChange={() => update('isPrivate', '0')} className="mt-1" />
            <span>
              公开提问<span className="block text-xs text-stone-600">医生回复后，问题与回复将出现在医生的问答中，提问人姓名隐去（如 王*琴），图片不公开</span>
            </span>
          </label>
        </div>
      </fieldset>

      <div>
        <label htmlFor={`${id}-photos`} className="text-sm font-medium text-stone-800">
          图片（选填，舌象、检查报告等）
        </label>
        <input
          {...field('photos')}
          name="photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => {
            const chosen = Array.from(e.target.files ?? []);
            setFiles(chosen);
            setMessage(null);
            setErrors((x) => ({ ...x, photos: photoProblem(chosen) }));
          }}
          className="mt-1 block w-full max-w-full text-sm text-stone-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-brand-800"
        />
        <p className="mt-1 text-xs text-stone-600">
          JPEG、PNG或WebP格式，最多{PHOTO_LIMITS.maxCount}张，每张不超过{PHOTO_LIMITS.maxBytes / 1024 / 1024}MB。图片仅您和医生可见，上传时会去除拍摄位置等附加信息。
        </p>
        {files.length ? (
          <ul className="mt-1 text-xs text-stone-700">
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                {f.name}（{Math.max(1, Math.round(f.size / 1024))}KB）
              </li>
            ))}
          </ul>
        ) : null}
        {errorOf('photos')}
      </div>

      {message ? (
        <p role="alert" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-6 py-2 text-white hover:bg-brand-800 disabled:opacity-60">
          {pending ? '正在提交…' : `提交问诊（￥${fee}）`}
        </button>
        <span className="text-xs text-stone-600">
          向{doctorName}医生提问；支付后医生{ASK_RULES.answerHours}小时内未回复，全额退款。
        </span>
      </div>
    </form>
  );
}
