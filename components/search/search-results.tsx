import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { DoctorCard } from '@/components/doctors/doctor-card';
import { NewsRows } from '@/components/news/news-card';
import type { ClinicSummary } from '@/lib/api/clinics';
import type { DoctorSummary } from '@/lib/api/doctors';
import type { NewsSummary } from '@/lib/api/news';
import type { Question } from '@/lib/api/online';
import type { Illness } from '@/lib/api/specialties';
import { routes } from '@/lib/routes';
import { ClinicResult } from './clinic-result';
import { Highlight } from '@/components/ui/highlight';

/** A group of results with its count and a link to all of them. */
export function ResultGroup({
  id,
  title,
  total,
  moreHref,
  children,
}: {
  id: string;
  title: string;
  total: number;
  moreHref?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="mb-3 flex items-end justify-between border-b border-stone-200 pb-2">
        <h2 id={id} className="text-lg font-semibold text-stone-900">
          {title}
          <span className="ml-2 text-sm font-normal text-stone-600">共 {total} 条</span>
        </h2>
        {moreHref && total > 0 ? (
          <Link href={moreHref} className="text-sm text-brand-700 hover:underline">
            查看全部{title} ›
          </Link>
        ) : null}
      </div>
      {total === 0 ? <p className="py-4 text-sm text-stone-600">没有找到相关{title}。</p> : children}
    </section>
  );
}

export function DoctorResults({ doctors, keyword }: { doctors: DoctorSummary[]; keyword?: string }) {
  return (
    <ul className="grid grid-cols-2 gap-4">
      {doctors.map((d) => (
        <li key={d.appointmentCode}>
          <DoctorCard doctor={d} highlight={keyword} />
        </li>
      ))}
    </ul>
  );
}

export function ClinicResults({ clinics, keyword }: { clinics: ClinicSummary[]; keyword?: string }) {
  return (
    <ul className="grid grid-cols-2 gap-4">
      {clinics.map((c) => (
        <li key={c.code}>
          <ClinicResult clinic={c} highlight={keyword} />
        </li>
      ))}
    </ul>
  );
}

export function NewsResults({ news, keyword }: { news: NewsSummary[]; keyword?: string }) {
  return <NewsRows items={news} highlight={keyword} />;
}

/**
 * Illnesses, each once (the search asks for them merged by name): name, type, symptoms, the matched words
 * marked, and every clinic that offers it, each a link to that clinic's page of the illness.
 */
export function IllnessResults({ illnesses, keyword }: { illnesses: Illness[]; keyword: string }) {
  return (
    <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" data-testid="illness-results">
      {illnesses.map((i) => {
        const clinics = i.clinics ?? [{ id: i.id, clinicCode: i.clinicCode, clinicName: i.clinicName }];
        return (
          <li key={i.id} className="px-5 py-4">
            <h3 className="font-medium text-stone-900">
              <Link href={routes.illnessDetail(i.id)} className="hover:text-brand-700 hover:underline">
                <Highlight text={i.name} keyword={keyword} />
              </Link>
              <span className="ml-2 text-sm font-normal text-stone-600">{i.diseaseTypeName}</span>
            </h3>
            <p className="mt-1 line-clamp-2 text-sm text-stone-700">
              <Highlight text={i.symptoms} keyword={keyword} />
            </p>
            <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="text-stone-600">开设门诊：</span>
              {clinics.map((c) => (
                <Link key={c.id} href={routes.illnessDetail(c.id)} className="text-brand-700 hover:underline">
                  {c.clinicName}
                </Link>
              ))}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** Public questions of the online Q&A: title, doctor, reply state, the matched words marked. */
export function QuestionResults({ questions, keyword }: { questions: Question[]; keyword: string }) {
  return (
    <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" data-testid="question-results">
      {questions.map((q) => (
        <li key={q.code} className="px-5 py-4">
          <h3 className="font-medium text-stone-900">
            <Link href={routes.onlineQuestionDetail(q.code)} className="hover:text-brand-700 hover:underline">
              <Highlight text={q.title} keyword={keyword} />
            </Link>
          </h3>
          <p className="mt-1 text-sm text-stone-600">
            {q.doctorName} {q.doctorTitle} · {q.department} · {q.isReplied ? '医生已回复' : '待回复'}
          </p>
          {q.isPrivate ? null : (
            <p className="mt-1 line-clamp-2 text-sm text-stone-700">
              <Highlight text={q.content} keyword={keyword} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
