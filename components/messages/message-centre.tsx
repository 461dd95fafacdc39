import { Link } from '@/components/ui/link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import type { MemberMessage, MessageKind, MessageSource } from '@/lib/api/messages';
import type { Page } from '@/lib/api/types';
import { routes } from '@/lib/routes';
import { siteConfig } from '@/lib/site-config';
import { LoginPromptLink } from '@/components/overlays/login-prompt-link';
import { MessageForm } from './message-form';
import { MessageHistory } from './message-history';

const COPY: Record<MessageKind, { title: string; subtitle: string; history: string; intro: string }> = {
  1: {
    title: '客户留言',
    subtitle: '就诊咨询、预约挂号、会员积分，我们在线为您解答',
    history: '我的留言',
    intro: '请写下您的问题，客服会在3个工作日内答复。紧急情况请拨打服务热线或前往就近门诊。',
  },
  2: {
    title: '投诉建议',
    subtitle: '您的每一条意见，都是我们进步的动力',
    history: '我的投诉建议',
    intro: '对服务态度、诊疗质量、候诊时间等有任何不满或建议，请告诉我们。我们会认真核实、及时处理并回访。',
  },
};

/**
 * /customerMessage and /customerComplaints: the form and the member's own
 * history; a visitor sees the intro and a login link (sending needs a member).
 */
export function MessageCentre({
  kind,
  sources,
  history,
  loginHref,
  hrefFor,
}: {
  kind: MessageKind;
  sources: MessageSource[];
  /** The member's own history; null for a visitor. */
  history: Page<MemberMessage> | null;
  loginHref: string;
  hrefFor: (page: number) => string;
}) {
  const copy = COPY[kind];
  const path = kind === 1 ? routes.customerMessage() : routes.customerComplaints();
  return (
    <>
      <PageHeader title={copy.title} subtitle={copy.subtitle} />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '会员服务', path: routes.memberServices() },
            { name: copy.title, path },
          ]}
        />
        <div className="grid grid-cols-[1fr_320px] gap-8">
          <div className="space-y-8">
            <section aria-labelledby="form-heading" className="space-y-4">
              <h2 id="form-heading" className="border-l-4 border-brand-700 pl-3 text-xl font-bold text-stone-900">
                {kind === 1 ? '我要留言' : '我要投诉建议'}
              </h2>
              <p className="text-stone-700">{copy.intro}</p>
              {history ? (
                <MessageForm kind={kind} sources={sources} loginHref={loginHref} />
              ) : (
                <div className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
                  <p className="text-stone-800">登录会员账号后即可提交，并查看历史记录与客服回复。</p>
                  <LoginPromptLink href={loginHref} className="mt-4 inline-block rounded-lg bg-brand-700 px-6 py-2 text-white hover:bg-brand-800">
                    {kind === 1 ? '登录后留言' : '登录后投诉建议'}
                  </LoginPromptLink>
                </div>
              )}
            </section>
            {history ? <MessageHistory title={copy.history} data={history} hrefFor={hrefFor} /> : null}
          </div>
          <aside aria-label="可咨询的分类" className="h-fit rounded-xl border border-stone-200 bg-white p-5">
            <h2 className="font-bold text-stone-900">{kind === 1 ? '留言分类' : '投诉类别'}</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {sources.map((s) => (
                <li key={s.id} className="rounded-full bg-jade-50 px-3 py-1 text-sm text-jade-700">
                  {s.name}
                </li>
              ))}
            </ul>
            <p className="mt-5 text-sm text-stone-600">
              服务热线：{siteConfig.contact.hotline}（{siteConfig.contact.hotlineHours}）
            </p>
            <Link href={kind === 1 ? routes.customerComplaints() : routes.customerMessage()} className="mt-3 inline-block text-sm text-brand-700 underline">
              {kind === 1 ? '我要投诉建议' : '我要留言咨询'}
            </Link>
          </aside>
        </div>
      </div>
    </>
  );
}
