import type { Metadata } from 'next';
import { AskForm } from '@/components/online/ask-form';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { getDoctor } from '@/lib/api/doctors';
import { getPatients } from '@/lib/api/patients';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';
import { parseCode, single, type SearchParams } from '@/lib/url-params';
import { newIdempotencyKey } from '@/lib/contract';
import { ASK_RULES } from '@/lib/validation/ask-rules';

export const metadata: Metadata = pageMetadata({ title: '图文问诊', path: '/ask', noindex: true });

/**
 * Ask a doctor who consults online (图文问诊, docs/api.md "IM_AskQuestion: asking a doctor"). Login-required: a
 * visitor goes through the SPEC §4 login dialog and comes back to this URL, which names the doctor, before
 * typing anything, so nothing is lost. Never cached.
 */
export default async function AskPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const code = parseCode(single((await searchParams).doctor, 60) ?? null);
  await requireMember(code ? routes.askDoctor(code) : '/ask');
  const doctor = code ? await getDoctor(code) : null;
  const offered = doctor && doctor.consultsOnline && doctor.consultFee > 0;
  const list = offered ? await getPatients(await memberClient()) : null;
  return (
    <>
      <PageHeader title="图文问诊" subtitle={doctor ? `向${doctor.name}${doctor.title}提问` : '向医生提问'} />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '在线问诊', path: routes.onlineExpert() },
            ...(doctor ? [{ name: doctor.name, path: routes.onlineDoctorDetail(doctor.appointmentCode) }] : []),
            { name: '图文问诊', path: code ? routes.askDoctor(code) : '/ask' },
          ]}
        />
        {!doctor ? (
          <div role="alert">
            <EmptyState title="医生不存在，请从在线问诊中选择医生" action={{ label: '在线问诊', href: routes.onlineExpert() }} />
          </div>
        ) : !offered ? (
          <div role="alert">
            <EmptyState title={`${doctor.name}医生暂未开通图文问诊，请选择其他医生`} action={{ label: '在线问诊', href: routes.onlineExpert() }} />
          </div>
        ) : (
          <>
            <p className="rounded-lg bg-jade-50 p-4 text-sm text-stone-800">
              问诊费 <span className="text-xl font-bold text-brand-700">¥{doctor.consultFee}</span> / 次。支付后医生将以图文回复；
              {ASK_RULES.answerHours}小时内未回复，全额原路退回。回复后{ASK_RULES.followUpHours}小时内可追问一次。线上咨询不能代替面诊，急症请立即就医。
            </p>
            <AskForm
              doctorId={doctor.doctorId}
              doctorCode={doctor.appointmentCode}
              doctorName={doctor.name}
              fee={doctor.consultFee}
              idempotencyKey={newIdempotencyKey()}
              patients={(list?.patients ?? []).map((p) => ({ id: p.id, name: p.name, relation: p.relation, idCardMasked: p.idCardMasked }))}
            />
          </>
        )}
      </div>
    </>
  );
}
