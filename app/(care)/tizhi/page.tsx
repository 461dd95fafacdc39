import type { Metadata } from 'next';
import { ConstitutionQuestionnaire } from '@/components/constitution/questionnaire';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { ARCHIVE_RULE_TEXT } from '@/lib/constitution/archive-rule';
import { SELF_ASSESSMENT_NOTICE } from '@/lib/constitution/care';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { toolCard } from '@/lib/share-card/content';
import { loadConstitutionGuides } from '../_lib/constitution-guides';

export const metadata: Metadata = pageMetadata({
  title: '中医体质辨识',
  description:
    '中医体质辨识自测：依据中华中医药学会《中医体质分类与判定》标准的60道题，算出平和、气虚、阳虚、阴虚、痰湿、湿热、血瘀、气郁、特禀九种体质的转化分与判定，附调养建议和可预约的医生。仅供参考，不能替代医生面诊。',
  path: routes.constitution(),
  card: toolCard('tizhi')!,
});

/**
 * 中医体质辨识 (docs/constitution.md): the ZYYXH/T157-2009 questionnaire as one server-rendered form, scored
 * by lib/constitution on the server; the result page offers care, doctors that fit and the member's 体质档案.
 */
export default async function ConstitutionPage() {
  const guides = await loadConstitutionGuides();
  return (
    <>
      <PageHeader title="中医体质辨识" subtitle="看诊服务 · 依据《中医体质分类与判定》标准的自测问卷" />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={[{ name: '首页', path: routes.home() }, { name: '中医体质辨识', path: routes.constitution() }]} />
        <section id="tizhi-how" aria-label="答题说明" className="space-y-2 rounded-lg border border-stone-200 bg-white p-5 text-stone-800">
          <p>
            中医把人的体质分为平和质和气虚、阳虚、阴虚、痰湿、湿热、血瘀、气郁、特禀八种偏颇体质。下面60道题按中华中医药学会
            《中医体质分类与判定》（ZYYXH/T157-2009）的自评量表编排，请根据<strong>近一年</strong>的总体感受，为每道题选择“没有、很少、有时、经常、总是”之一。全部作答后给出每种体质的转化分和判定。
          </p>
          <p className="font-semibold text-amber-900">{SELF_ASSESSMENT_NOTICE}：自测结果只作日常调养的参考，不是疾病诊断。</p>
          <p className="text-stone-600">{ARCHIVE_RULE_TEXT}门诊也提供医生面诊的体质辨识服务。</p>
        </section>
        <ConstitutionQuestionnaire
          guides={guides}
          links={{
            archive: routes.constitutionArchive(),
            login: routes.loginDialog({ next: routes.constitution() }),
            memberServices: routes.memberServices(),
            restart: routes.constitution(),
          }}
        />
      </div>
    </>
  );
}
