import { Link } from '@/components/ui/link';
import { siteConfig } from '@/lib/site-config';
import { navGroups } from '@/lib/routes';

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-12 md:grid-cols-[2fr_3fr] px-4 py-10">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-semibold text-white">
            关于{siteConfig.shortName}
          </h2>
          {siteConfig.intro.map((line) => (
            <p key={line} className="mt-2 text-sm leading-relaxed">
              {line}
            </p>
          ))}
        </section>
        <div className="grid grid-cols-[repeat(auto-fit,minmax(8rem,1fr))] gap-6 text-sm">
          {navGroups
            .filter((g) => g.links.length > 0 && !g.href.startsWith('http'))
            .slice(0, 3)
            .map((g) => (
              <section key={g.label} aria-label={g.label}>
                <h2 className="font-semibold text-white">{g.label}</h2>
                <ul className="mt-2 space-y-1">
                  {g.links
                    .filter((l) => !l.external)
                    .slice(0, 5)
                    .map((l) => (
                      <li key={l.label}>
                        <Link href={l.href} className="hover:text-white hover:underline">
                          {l.label}
                        </Link>
                      </li>
                    ))}
                </ul>
              </section>
            ))}
        </div>
      </div>
      <div className="border-t border-stone-700">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-stone-300">
          <p>
            服务热线 {siteConfig.contact.hotline}（{siteConfig.contact.hotlineHours}） · 邮箱 {siteConfig.contact.email} · 地址 {siteConfig.contact.address}
          </p>
          <p>
            {siteConfig.legal.copyright} · {siteConfig.legal.icp} · {siteConfig.legal.medicalNotice} · 版本{' '}
            {siteConfig.version}
          </p>
        </div>
      </div>
    </footer>
  );
}
