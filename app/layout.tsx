import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { connection } from 'next/server';
import { Suspense, type ReactNode } from 'react';
import { OverlayHost } from '@/components/overlays/overlay-host';
import { QueryProvider } from '@/components/ui/query-provider';
import { ToastViewport } from '@/components/ui/toast';
import { NavigationProgress } from '@/components/ui/navigation-progress';
import { RouteFocus } from '@/components/layout/route-focus';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { getMobileUrl } from '@/lib/api/auth';
import { ELDER_CLASS, ELDER_COOKIE, isElderMode } from '@/lib/elder-mode';
import { MOBILE_ALTERNATE_MEDIA, PAGE_PATH_HEADER, mobileAlternateUrl } from '@/lib/mobile-alternate';
import { siteConfig, siteUrl } from '@/lib/site-config';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: siteConfig.title, template: `%s - ${siteConfig.title}` },
  description: siteConfig.description,
  applicationName: siteConfig.title,
  // Baidu: these are the desktop pages; phones have their own address (the alternate link below).
  other: { version: siteConfig.version, 'applicable-device': 'pc' },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The CSP nonce of proxy.ts is per request, so every page renders per request
  // (Next 16 CSP guide); the data stays cached in lib/api (docs/security.md).
  await connection();
  const pagePath = (await headers()).get(PAGE_PATH_HEADER);
  const mobileUrl = pagePath ? await mobileAlternateUrl(pagePath, getMobileUrl) : null;
  // 长者模式 (docs/elder-mode.md): read here, so the first HTML is already in the mode; every cache keys by it
  // (lib/page-vary.ts SITE_VARY_COOKIES).
  const elder = isElderMode((await cookies()).get(ELDER_COOKIE)?.value);
  return (
    <html lang="zh-CN" className={elder ? ELDER_CLASS : undefined}>
      <body className="flex min-h-screen flex-col antialiased">
        {/* React puts this link in <head> (docs/seo-sharing.md "Mobile address"). */}
        {mobileUrl ? <link rel="alternate" media={MOBILE_ALTERNATE_MEDIA} href={mobileUrl} /> : null}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          跳到主要内容
        </a>
        <Suspense fallback={null}>
          <NavigationProgress />
          <RouteFocus />
        </Suspense>
        {/* React Query: the one way client islands read server state (docs/decisions.md). */}
        <QueryProvider>
          <SiteHeader elder={elder} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
          <ScrollToTop />
          <OverlayHost />
        </QueryProvider>
        <ToastViewport />
      </body>
    </html>
  );
}
