'use client';
/**
 * The /modifyInfor form (SPEC §2 member services, §5). A valid ID card fills birthday,
 * sex and age as it is typed; a bad checksum gets a clear message. Inputs are
 * controlled: a failed save loses nothing typed; a successful one shows the
 * saved values returned by the API.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSubmission } from '@/components/ui/use-submission';
import { LoginPromptLink } from '@/components/overlays/login-prompt-link';
import { fieldErrors } from '@/components/ui/field-errors';
import { saveMemberInfoAction, type SaveMemberInfoResult } from './actions';
import type { MemberInfoView } from './member-info-view';
import { queryKeys } from '@/components/ui/query-keys';
import type { MemberRead } from '@/components/ui/member-read';
import { chinaClock } from '@/lib/format';
import { validateIdCard } from '@/lib/validation';
import { validateMemberInfo, type MemberInfoDraft, type MemberInfoErrors } from '@/lib/validation/member-info-rules';

const inputCls =
  'mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-brand-700 read-only:bg-stone-50';

const draftOf = (p: MemberInfoView): MemberInfoDraft => ({
  name: p.name,
  sex: p.sex === null ? '' : String(p.sex),
  birthday: p.birthday,
  idCard: '',
  email: p.email,
  address: p.address,
});

function ageOf(birthday: string, today = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // The China date (lib/format), like every date the site shows.
  const china = chinaClock(today)!;
  let age = china.year - y;
  if (china.month < mo || (china.month === mo && china.day < d)) age -= 1;
  return age >= 0 ? age : null;
}

export function MemberInfoForm({ profile, loginHref }: { profile: MemberInfoView; loginHref: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [saved, setSaved] = useState(profile);
  const [draft, setDraft] = useState<MemberInfoDraft>(() => draftOf(profile));
  const [errors, setErrors] = useState<MemberInfoErrors>({});
  const [result, setResult] = useState<SaveMemberInfoResult | null>(null);
  const { pending, run } = useSubmission((message) => setResult({ ok: false, message }), '网络异常，资料尚未保存，请稍后重试');

  const idTyped = draft.idCard.trim();
  const idCheck = idTyped ? validateIdCard(idTyped) : null;
  // SPEC §5: a complete, valid ID card decides birthday and sex.
  const fromId = idCheck?.ok ? idCheck.value : null;
  const shownBirthday = fromId ? fromId.birthday : draft.birthday;
  const shownSex = fromId ? String(fromId.sex) : draft.sex;
  const age = fromId ? fromId.age : ageOf(shownBirthday);

  function update<K extends keyof MemberInfoDraft>(key: K, value: string) {
    setDraft((d) => ({ ...d, [key]: value }));
    setResult(null);
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function onIdBlur() {
    if (idCheck && !idCheck.ok) setErrors((e) => ({ ...e, idCard: idCheck.message }));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const toSend = { ...draft, birthday: shownBirthday, sex: shownSex };
    const checked = validateMemberInfo(toSend);
    if (!checked.ok) {
      setErrors(checked.errors);
      setResult({ ok: false, message: '请检查标出的内容，资料尚未保存' });
      return;
    }
    run(async () => {
      const r = await saveMemberInfoAction(toSend);
      setResult(r);
      if (r.ok) {
        setSaved(r.profile);
        setDraft(draftOf(r.profile));
        setErrors({});
        // The next visit starts from what was saved; the header and /userIndex show the name: they read it again.
        const read: MemberRead<MemberInfoView> = { signedOut: false, data: r.profile };
        queryClient.setQueryData(queryKeys.memberInfo, read);
        void queryClient.invalidateQueries({ queryKey: queryKeys.sessionMember });
        void queryClient.invalidateQueries({ queryKey: queryKeys.memberHome });
      } else if (r.errors) {
        setErrors(r.errors);
      }
    });
  }

  const { field, errorOf } = fieldErrors<keyof MemberInfoDraft>(id, errors, { alert: true });

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-2 gap-x-8 gap-y-5 rounded-xl border border-stone-200 bg-white p-8">
      <div>
        <label htmlFor={`${id}-name`} className="text-sm font-medium text-stone-800">
          姓名 <span className="text-brand-700">*</span>
        </label>
        <input {...field('name')} value={draft.name} onChange={(e) => update('name', e.target.value)} className={inputCls} autoComplete="name" />
        {errorOf('name')}
      </div>
      <div>
        <span className="text-sm font-medium text-stone-800">手机号</span>
        <p className="mt-1 rounded-lg bg-stone-50 px-3 py-2 text-stone-700">{saved.phone}</p>
      </div>
      <div className="col-span-2">
        <label htmlFor={`${id}-idCard`} className="text-sm font-medium text-stone-800">
          身份证号
        </label>
        <input
          {...field('idCard')}
          value={draft.idCard}
          maxLength={18}
          onChange={(e) => update('idCard', e.target.value)}
          onBlur={onIdBlur}
          className={inputCls}
          placeholder={saved.idCardMasked ? `已登记：${saved.idCardMasked}（如需修改请输入新的号码）` : '15位或18位身份证号，填写后自动识别出生日期与性别'}
          aria-describedby={errors.idCard ? `${id}-idCard-error` : `${id}-idCard-hint`}
        />
        {errorOf('idCard') ?? (
          <p id={`${id}-idCard-hint`} className="mt-1 text-sm text-stone-600">
            {fromId ? `已识别：${fromId.birthday}，${fromId.sex === 1 ? '男' : '女'}，${fromId.age}岁` : '出生日期、性别与年龄将根据身份证号自动填写'}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-birthday`} className="text-sm font-medium text-stone-800">
          出生日期
        </label>
        <input
          {...field('birthday')}
          type="date"
          value={shownBirthday}
          readOnly={Boolean(fromId)}
          onChange={(e) => update('birthday', e.target.value)}
          className={inputCls}
        />
        {errorOf('birthday')}
      </div>
      <div className="grid grid-cols-2 gap-4">
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">性别</legend>
          <div className="mt-3 flex gap-5">
            {[
              { value: '1', label: '男' },
              { value: '0', label: '女' },
            ].map((o) => (
              <label key={o.value} className="inline-flex items-center gap-2 text-stone-800">
                <input
                  type="radio"
                  name={`${id}-sex`}
                  value={o.value}
                  checked={shownSex === o.value}
                  disabled={Boolean(fromId)}
                  onChange={() => update('sex', o.value)}
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-age`} className="text-sm font-medium text-stone-800">
            年龄
          </label>
          <input id={`${id}-age`} readOnly value={age === null ? '' : `${age}岁`} className={inputCls} />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="text-sm font-medium text-stone-800">
          电子邮箱
        </label>
        <input {...field('email')} type="email" value={draft.email} onChange={(e) => update('email', e.target.value)} className={inputCls} autoComplete="email" />
        {errorOf('email')}
      </div>
      <div>
        <label htmlFor={`${id}-address`} className="text-sm font-medium text-stone-800">
          联系地址
        </label>
        <input {...field('address')} value={draft.address} onChange={(e) => update('address', e.target.value)} className={inputCls} autoComplete="address-line1" />
        {errorOf('address')}
      </div>
      <div className="col-span-2 space-y-4">
        {result ? (
          <p
            role={result.ok ? 'status' : 'alert'}
            className={`rounded-lg px-4 py-3 text-sm ${result.ok ? 'bg-jade-50 text-jade-700' : 'bg-brand-50 text-brand-700'}`}
          >
            {result.ok ? '资料已保存' : result.message}
            {!result.ok && result.sessionExpired ? (
              <>
                {' '}
                <LoginPromptLink href={loginHref} className="underline">
                  去登录
                </LoginPromptLink>
              </>
            ) : null}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand-700 px-10 py-2.5 font-medium text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
        >
          {pending ? '保存中…' : '保存资料'}
        </button>
      </div>
    </form>
  );
}
