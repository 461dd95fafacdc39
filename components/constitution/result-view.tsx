'use client';
/**
 * The result of 中医体质辨识 (docs/constitution.md "The result"): every type's 转化分 as a number and a bar
 * with its judgement, the main type and any 倾向, what each means and how to care for it, the departments and
 * doctors that fit (links that book), the site's articles, the notice that a self-assessment is no diagnosis,
 * and 保存到体质档案. Rendered from the action's answer, so nothing personal ever reaches a URL.
 */
import { useEffect, useRef } from 'react';
import { LoginPromptLink } from '@/components/overlays/login-prompt-link';
import { ARCHIVE_RULE_TEXT } from '@/lib/constitution/archive-rule';
import { CONSTITUTION_CARE, SELF_ASSESSMENT_NOTICE } from '@/lib/constitution/care';
import { CONSTITUTION_TYPES, SEX_NAMES, itemsFor, type ConstitutionType } from '@/lib/constitution/items';
import { displayScore, typeName } from '@/lib/constitution/scoring';
import { formatDateTime } from '@/lib/format';
import type { Scored } from './actions';
import type { ConstitutionGuides, TypeGuide } from './guide-types';

export interface ResultLinks {
  /** The member's 体质档案 page. */
  archive: string;
  /** The no-JavaScript way to the login dialog, coming back here. */
  login: string;
  memberServices: string;
  /** This page, fresh: 重新测试. */
  restart: string;
}

const CARE_ROWS = [
  ['diet', '饮食'],
  ['sleep', '起居与睡眠'],
  ['exercise', '运动'],
  ['seasons', '四季调养'],
] as const;

function TypeCare({ type, label, guide }: { type: ConstitutionType; label: string; guide: TypeGuide }) {
  const care = CONSTITUTION_CARE[type];
  return (
    <section aria-labelledby={`care-${type}`} className="rounded-lg border border-stone-200 bg-white p-5">
      <h3 id={`care-${type}`} className="text-lg font-semibold text-stone-900">
        {typeName(type)}
        <span className="ml-2 rounded bg-stone-100 px-2 py-0.5 text-base font-normal text-stone-700">{label}</span>
      </h3>
      <p className="mt-2 text-stone-800">{care.meaning}</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {CARE_ROWS.map(([key, name]) => (
          <div key={key}>
            <dt className="font-medium text-stone-900">{name}</dt>
            <dd className="text-stone-700">{care[key]}</dd>
          </div>
        ))}
      </dl>
      {guide.departments.length ? (
        <div className="mt-4">
          <h4 className="font-medium text-stone-900">可就诊的科室</h4>
          <ul className="mt-1 flex flex-wrap gap-2">
            {guide.departments.map((d) => (
              <li key={d.name}>
                <a href={d.href} className="inline-block rounded border border-stone-300 px-3 py-1 text-brand-700 hover:border-brand-600">
                  {d.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {guide.doctors.length ? (
        <div className="mt-4">
          <h4 className="font-medium text-stone-900">擅长相关调理的医生</h4>
          <ul className="mt-1 space-y-2">
            {guide.doctors.map((d) => (
              <li key={d.href} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <a href={d.href} className="font-medium text-brand-700 underline underline-offset-2">
                  {d.name}
                </a>
                <span className="text-stone-700">
                  {d.title} · {d.department} · {d.clinicName} · 擅长{d.fits.join('、')}
                </span>
                <a
                  href={d.bookHref}
                  className="rounded bg-jade-50 px-2 py-1 text-jade-700 hover:bg-jade-600 hover:text-white"
                  aria-label={`预约${d.name}${d.nextOpen ? `（${d.nextOpen}）` : ''}`}
                >
                  {d.nextOpen ? `预约 ${d.nextOpen}` : '查看排班预约'}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {guide.articles.length ? (
        <div className="mt-4">
          <h4 className="font-medium text-stone-900">延伸阅读</h4>
          <ul className="mt-1 list-disc space-y-1 pl-6">
            {guide.articles.map((a) => (
              <li key={a.href}>
                <a href={a.href} className="text-brand-700 underline underline-offset-2">
                  {a.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export function ConstitutionResultView({
  scored,
  guides,
  links,
  formAction,
  pending,
}: {
  scored: Scored;
  guides: ConstitutionGuides;
  links: ResultLinks;
  formAction: (formData: FormData) => void;
  pending: boolean;
}) {
  const { result, sex } = scored;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form gave way to the result: take the keyboard and the screen reader to its heading.
  useEffect(() => heading.current?.focus(), []);
  const explained: [ConstitutionType, string][] = [];
  if (result.main) explained.push([result.main, result.main === 'pinghe' ? result.judgements.pinghe : '主要体质']);
  for (const t of result.alsoTypes) explained.push([t, '兼有']);
  for (const t of result.leanings) explained.push([t, '倾向']);

  return (
    <div className="space-y-6">
      <section aria-labelledby="tizhi-result" className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 id="tizhi-result" ref={heading} tabIndex={-1} className="text-xl font-semibold text-stone-900">
          辨识结果：{scored.summary}
        </h2>
        <p role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900">
          {SELF_ASSESSMENT_NOTICE}。本结果依据《中医体质分类与判定》自评量表计算，只反映近一年的总体感受；身体不适请及时就医，由医生望闻问切后辨证调理。
        </p>
        <table className="mt-4 w-full border-collapse text-left">
          <caption className="text-left text-stone-700">九种体质的转化分（0–100）与判定（{SEX_NAMES[sex]}性题目）</caption>
          <thead>
            <tr className="border-b border-stone-200 text-stone-700">
              <th scope="col" className="py-2 pr-3 font-medium">体质</th>
              <th scope="col" className="py-2 pr-3 font-medium">转化分</th>
              <th scope="col" className="w-1/2 py-2 pr-3 font-medium">
                <span className="sr-only">分数条</span>
              </th>
              <th scope="col" className="py-2 font-medium">判定</th>
            </tr>
          </thead>
          <tbody>
            {CONSTITUTION_TYPES.map((t) => (
              <tr key={t} className="border-b border-stone-100" data-type={t}>
                <th scope="row" className="py-2 pr-3 font-medium text-stone-900">{typeName(t)}</th>
                <td className="py-2 pr-3 tabular-nums" data-score>{displayScore(result.scores[t])}</td>
                <td className="py-2 pr-3">
                  <div className="h-3 overflow-hidden rounded bg-stone-200" aria-hidden="true">
                    <div
                      className={`h-full ${result.judgements[t] === '否' ? 'bg-stone-400' : t === 'pinghe' ? 'bg-jade-600' : 'bg-brand-600'}`}
                      style={{ width: `${result.scores[t]}%` }}
                    />
                  </div>
                </td>
                <td className="py-2" data-judgement>{result.judgements[t]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-stone-600">
          判定规则：平和质转化分≥60且其他体质均&lt;30为“是”，均&lt;40为“基本是”；其他体质转化分≥40为“是”，30–39为“倾向是”。
        </p>
      </section>

      {explained.length ? (
        <section aria-labelledby="tizhi-care" className="space-y-4">
          <h2 id="tizhi-care" className="text-xl font-semibold text-stone-900">
            体质特点与调养建议
          </h2>
          {explained.map(([t, label]) => (
            <TypeCare key={t} type={t} label={label} guide={guides[t]} />
          ))}
        </section>
      ) : (
        <p className="rounded-lg border border-stone-200 bg-white p-5 text-stone-800">
          各项分数都未达到判定标准，难以归入某一种体质。建议到门诊请医生面诊辨识，或过一段时间再测一次。
        </p>
      )}

      <section aria-labelledby="tizhi-keep" className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 id="tizhi-keep" className="text-lg font-semibold text-stone-900">
          保存到体质档案
        </h2>
        <p className="mt-2 text-stone-700">
          {ARCHIVE_RULE_TEXT}
          <a href={links.memberServices} className="ml-1 text-brand-700 underline underline-offset-2">
            查看会员权益
          </a>
        </p>
        {scored.kept ? (
          <p role={scored.kept.ok ? 'status' : 'alert'} className={`mt-3 ${scored.kept.ok ? 'text-jade-700' : 'text-brand-700'}`}>
            {scored.kept.message}
            {scored.kept.keptAt ? `（${formatDateTime(scored.kept.keptAt)}）` : ''}
            {scored.kept.ok ? (
              <a href={links.archive} className="ml-2 underline underline-offset-2">
                查看体质档案
              </a>
            ) : null}
            {scored.kept.loginRequired ? (
              <LoginPromptLink href={links.login} className="ml-2 underline underline-offset-2">
                登录
              </LoginPromptLink>
            ) : null}
          </p>
        ) : null}
        {scored.kept?.ok ? null : (
          <form action={formAction} className="mt-3">
            <input type="hidden" name="intent" value="keep" />
            <input type="hidden" name="sex" value={sex} />
            {itemsFor(sex).map((item) => (
              <input key={item.id} type="hidden" name={item.id} value={scored.answers[item.id]} />
            ))}
            <button
              type="submit"
              disabled={pending}
              className="min-h-11 rounded-md bg-jade-600 px-5 py-2 font-semibold text-white hover:bg-jade-700 disabled:opacity-60"
            >
              {pending ? '正在保存…' : '保存到体质档案'}
            </button>
          </form>
        )}
      </section>

      <p>
        <a href={links.restart} className="text-brand-700 underline underline-offset-2">
          重新测试
        </a>
      </p>
    </div>
  );
}
