import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { siteConfig } from '@/lib/site-config';

export const metadata: Metadata = pageMetadata({
  title: '拍方抓药',
  description: '圣爱中医拍方抓药：拍下医生开具的处方，由药师审方、道地药材调配与代煎，配送到家。服务说明与使用步骤。',
  path: routes.prescriptionPhoto(),
});

const STEPS = [
  ['拍照上传处方', '在“圣爱中医”微信服务号或圣爱健康App中进入“拍方抓药”，拍摄医疗机构开具的有效处方，确保医生签名与药名清晰。'],
  ['药师审方', '执业药师逐味审核处方的配伍禁忌与剂量，有疑问时会电话与您确认。'],
  ['确认订单', '审方通过后，您会收到药费与代煎费用明细，可选择饮片、代煎或膏方制作。'],
  ['调配与代煎', '由集团中药房按GSP规范调配，煎药中心标准化代煎、真空包装。'],
  ['配送到家', '昆明主城区当日送达，省内一般1–2日，也可到就近门诊自取。'],
];

/** 拍方抓药 (SPEC §2): explains the service and how to use it. SPEC has no upload call, so none here. */
export default function PrescriptionPhotoPage() {
  return (
    <>
      <PageHeader title="拍方抓药" subtitle="看诊服务 · 处方调配 代煎配送" />
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
        <Breadcrumbs crumbs={[{ name: '首页', path: routes.home() }, { name: '拍方抓药', path: routes.prescriptionPhoto() }]} />
        <section className="rounded-lg border border-stone-200 bg-white p-6">
          <h2 className="border-l-4 border-brand-700 pl-3 text-lg font-semibold">服务介绍</h2>
          <p className="mt-4 leading-8 text-stone-800">
            已有医生处方、不便到店抓药？圣爱中医“拍方抓药”服务为您提供处方审核、道地药材调配、代煎与配送的一站式服务。药材由集团统一采购、批批检验，煎药全过程可追溯。
          </p>
        </section>
        <section className="rounded-lg border border-stone-200 bg-white p-6">
          <h2 className="border-l-4 border-brand-700 pl-3 text-lg font-semibold">使用步骤</h2>
          <ol className="mt-5 grid grid-cols-5 gap-4">
            {STEPS.map(([title, text], i) => (
              <li key={title} className="rounded-lg bg-brand-50 p-4">
                <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 font-semibold text-white">{i + 1}</span>
                <h3 className="mt-3 font-semibold text-stone-900">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-stone-700">{text}</p>
              </li>
            ))}
          </ol>
        </section>
        <section className="rounded-lg border border-stone-200 bg-white p-6">
          <h2 className="border-l-4 border-brand-700 pl-3 text-lg font-semibold">注意事项</h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 text-stone-800">
            <li>仅接受正规医疗机构开具、在有效期内的处方；含毒性、麻醉类药材的处方需到门诊办理。</li>
            <li>孕妇、儿童及特殊人群用药，请在处方中注明，药师将重点审核。</li>
            <li>如需医生重新辨证开方，请先到门诊就诊或使用在线问诊。</li>
          </ul>
          <p className="mt-5 text-stone-700">
            咨询电话：<span className="font-semibold text-brand-700">{siteConfig.contact.hotline}</span>
            <span className="mx-3 text-stone-300">|</span>
            <Link href={routes.hospitalList()} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
              查找就近门诊
            </Link>
            <span className="mx-3 text-stone-300">|</span>
            <Link href={routes.onlineExpert()} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
              在线问诊
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
