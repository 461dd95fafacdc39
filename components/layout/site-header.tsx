import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import { siteConfig } from '@/lib/site-config';
import { routes } from '@/lib/routes';
import { HeaderSearch } from '@/components/search/header-search';
import { ElderLogout } from './elder-logout';
import { ElderModeSwitch } from './elder-mode-switch';
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

/** The 长者模式 header's few links (docs/elder-mode.md): finding a doctor, booking, one's appointments. */
export const ELDER_HEADER_LINKS = [
  { label: '找医生', href: routes.doctorList() },
  { label: '预约挂号', href: routes.hospitalList() },
  { label: '我的预约', href: routes.registrationRecords() },
];

function Logo({ elder }: { elder: boolean }) {
  return (
    <Link href={routes.home()} className="flex shrink-0 items-center gap-3 py-3" aria-label={`${siteConfig.shortName} 首页`}>
      <StaticImage src="/logo.svg" alt="" width={48} height={48} priority />
      <span className="flex flex-col leading-tight">
        <span className="text-xl font-bold tracking-widest text-brand-800">{siteConfig.shortName}</span>
        {elder ? null : <span className="text-xs text-stone-600">{siteConfig.groupName}</span>}
      </span>
    </Link>
  );
}

/** The simpler header of the 长者模式: the logo, three links, the hotline, the way back and, for a member, 退出登录. */
function ElderHeader() {
  return (
    <header className="bg-white shadow-sm">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-2">
        <Logo elder />
        <nav aria-label="主导航">
          <ul className="flex flex-wrap items-center gap-2">
            {ELDER_HEADER_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className="elder-nav-link">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-stone-900">
            服务热线{' '}
            <a href={`tel:${siteConfig.contact.hotline}`} className="font-bold text-brand-800">
              {siteConfig.contact.hotline}
            </a>
          </p>
          <ElderModeSwitch elder />
          <ElderLogout />
        </div>
      </div>
    </header>
  );
}

export function SiteHeader({ elder = false }: { elder?: boolean }) {
  if (elder) return <ElderHeader />;
  return (
    <header className="bg-white shadow-sm">
      <div className="border-b border-stone-100 bg-stone-50">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5 text-sm">
          {/* The number as text: a desktop cannot dial it, and one Tab stop fewer before the page (docs/elder-mode.md
              "Keyboard"). The 长者模式 header keeps it a tel: link. */}
          <p className="text-stone-600">
            服务热线 <span className="font-medium text-brand-700">{siteConfig.contact.hotline}</span>
            <span className="ml-3">让百姓就近看好中医</span>
          </p>
          {/* A fixed slot, right-aligned: the skeleton, the visitor's buttons and the member menu differ by a
              few pixels, and nothing may move when the session answers (Lighthouse CLS). */}
          <div className="flex flex-wrap items-center justify-end gap-4">
            <ElderModeSwitch elder={false} />
            <HeaderSearch />
            <div className="flex h-8 min-w-44 items-center justify-end">
              <MemberEntry links={MEMBER_LINKS} />
            </div>
          </div>
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between px-4">
        <Logo elder={false} />
        <MainNav />
      </div>
    </header>
  );
}
