/**
 * One question as its member sees it (docs/api.md "IM_AskQuestion: asking a doctor"): the question with its
 * photos (served by the authorised photo route, never a public URL), payment when unpaid, the doctor's answer,
 * the one follow-up and its answer, and the rating. Dates in China time (lib/format). Text is shown escaped
 * (React), never as HTML.
 */
import { Link } from '@/components/ui/link';
import type { AskedQuestion } from '@/lib/api/ask';
import { formatDateTime } from '@/lib/format';
import { formatYuan } from '@/lib/fees';
import { routes } from '@/lib/routes';
import { ASK_RULES, ASK_SATISFACTION_NAMES } from '@/lib/validation/ask-rules';
import { AskFollowUpForm, AskRatingForm } from './ask-follow-up';
import { PayAskButton } from './pay-ask-button';

function Bubble({ who, at, children, doctor = false }: { who: string; at: string | null; children: React.ReactNode; doctor?: boolean }) {
  return (
    <article className={`rounded-lg border p-4 ${doctor ? 'border-jade-600/30 bg-jade-50' : 'border-stone-200 bg-white'}`}>
      <p className="text-sm font-medium text-stone-800">
        {who}
        {at ? <span className="ml-2 font-normal text-stone-600">{formatDateTime(at)}</span> : null}
      </p>
      <div className="mt-2 whitespace-pre-wrap break-words text-stone-900">{children}</div>
    </article>
  );
}

export function AskConversation({ ask }: { ask: AskedQuestion }) {
  const doctorWho = `${ask.doctorName}医生`;
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
        <span>
          状态：<strong className="text-stone-900">{ask.statusName}</strong>
        </span>
        <span>就诊人：{ask.patientName}</span>
        <span>{ask.isPrivate ? '私密提问（仅您和医生可见）' : '公开提问（姓名隐去）'}</span>
        <span>
          {ask.discountLabel
            ? `问诊费 ￥${formatYuan(ask.listFee)} · 会员折扣 ${ask.discountLabel} · 实付 ￥${formatYuan(ask.fee)}`
            : `问诊费：￥${formatYuan(ask.fee)}`}
        </span>
        <span>单号：{ask.askNo}</span>
      </p>
      <Bubble who={`${ask.patientName}的提问`} at={ask.createdAt}>
        <p>{ask.content}</p>
        <p className="mt-2 text-sm text-stone-600">
          患病时长：{ask.duration} · {ask.seenDoctor ? '已去医院就诊' : '尚未就诊'}
        </p>
        {ask.photoIds.length ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="提问图片">
            {ask.photoIds.map((id, i) => (
              <li key={id}>
                <a href={routes.askPhoto(ask.askNo, id)} target="_blank" rel="noopener" className="block">
                  {/* eslint-disable-next-line @next/next/no-img-element -- a private photo: never through the image optimiser or its cache */}
                  <img src={routes.askPhoto(ask.askNo, id)} alt={`提问图片${i + 1}`} width={120} height={120} className="h-28 w-28 rounded border border-stone-200 object-cover" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </Bubble>

      {ask.status === 'unpaid' ? (
        <div className="rounded-lg border border-gold-400 bg-amber-50 p-4">
          <p className="mb-2 text-sm text-stone-800">支付后问诊将送达医生；逾期未支付，问诊自动取消。</p>
          <PayAskButton askNo={ask.askNo} fee={ask.fee} simulated={ask.simulatedPayment} deadline={ask.payDeadline} />
        </div>
      ) : null}
      {ask.status === 'lapsed' ? <p className="rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-700">支付超时，该问诊已取消，可重新提问。</p> : null}
      {ask.status === 'waiting' && !ask.answer ? (
        <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">
          已送达医生，请耐心等待回复；医生回复后将短信通知您。{ASK_RULES.answerHours}小时内未回复，问诊费全额原路退回。
        </p>
      ) : null}
      {ask.status === 'refunded' ? (
        <p className="rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-700">
          医生{ASK_RULES.answerHours}小时内未回复，问诊费￥{formatYuan(ask.fee)}已于 {formatDateTime(ask.refundedAt)} 全额原路退回。
        </p>
      ) : null}

      {ask.answer ? (
        <Bubble who={`${doctorWho}的回复`} at={ask.answeredAt} doctor>
          {ask.answer}
        </Bubble>
      ) : null}
      {ask.followUp ? (
        <Bubble who="追问" at={ask.followUpAt}>
          {ask.followUp}
        </Bubble>
      ) : null}
      {ask.followUpAnswer ? (
        <Bubble who={`${doctorWho}对追问的回复`} at={ask.followUpAnsweredAt} doctor>
          {ask.followUpAnswer}
        </Bubble>
      ) : null}
      {/* The follow-up form's own 追问已提交 goes with the form when the page refreshes: this says it for good. */}
      {ask.followUp && !ask.followUpAnswer ? (
        <p role="status" className="text-sm text-stone-700">
          追问已送达医生，回复后将短信通知您。
        </p>
      ) : null}

      {ask.status === 'answered' && ask.followUpUntil ? <AskFollowUpForm askNo={ask.askNo} until={ask.followUpUntil} /> : null}
      {ask.status === 'answered' ? (
        <section aria-label="评价" className="rounded-lg border border-stone-200 bg-white p-4">
          <AskRatingForm askNo={ask.askNo} doctorName={ask.doctorName} />
        </section>
      ) : null}
      {ask.satisfaction ? (
        <p className="rounded-md bg-jade-50 px-3 py-2 text-sm text-jade-700">
          您的评价：{ASK_SATISFACTION_NAMES[ask.satisfaction]}
          {ask.ratingWords ? `（${ask.ratingWords}）` : ''}
        </p>
      ) : null}
      {ask.publicCode ? (
        <p className="text-sm">
          <Link href={routes.onlineQuestionDetail(ask.publicCode)} className="text-brand-700 underline underline-offset-2">
            查看公开问答页
          </Link>
        </p>
      ) : null}
    </div>
  );
}
