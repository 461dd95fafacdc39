import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import { siteConfig } from '@/lib/site-config';
import { routes } from '@/lib/routes';
import { HeaderSearch } from '@/components/search/header-search';
import { MainNav } from './main-nav';
import { MemberEntry } from './member-entry';

const MEMBER_LINKS = [
  { label: '个人信息', href: routes.userIndex() },
  { label: '修改资料', href: routes.modifyInfo() },
  { label: '挂号记录', href: routes.registrationRecords() },
  { label: '我的问诊', href: routes.asks() },
  { label: '就诊人', href: routes.patients() },
  { label: '体质档案', href: routes.constitutionArchive() },
];

export function SiteHeader() {
  return (
    <header className="bg-white shadow-sm">
      <div className="border-b border-stone-100 bg-stone-50">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-1.5 text-sm">
          <p className="text-stone-600">
            服务热线 <a href={`tel:${siteConfig.contact.hotline}`} className="font-medium text-brand-700">{siteConfig.contact.hotline}</a>
            <span className="ml-3">让百姓就近看好中医</span>
          </p>
          {/* A fixed slot, right-aligned: the skeleton, the visitor's buttons and the member menu differ by a
              few pixels, and nothing may move when the session answers (Lighthouse CLS). */}
          <div className="flex items-center gap-4">
            <HeaderSearch />
            <div className="flex h-8 min-w-44 items-center justify-end">
              <MemberEntry links={MEMBER_LINKS} />
            </div>
          </div>
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl items-center justify-between px-4">
        <Link href={routes.home()} className="flex items-center gap-3 py-3" aria-label={`${siteConfig.shortName} 首页`}>
          <StaticImage src="/logo.svg" alt="" width={48} height={48} priority />
          <span className="flex flex-col leading-tight">
            <span className="text-xl font-bold tracking-widest text-brand-800">{siteConfig.shortName}</span>
            <span className="text-xs text-stone-600">{siteConfig.groupName}</span>
          </span>
        </Link>
        <MainNav />
      </div>
    </header>
  );
}
