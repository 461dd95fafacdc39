import type { Metadata } from 'next';
import { UnavailableView } from '@/components/layout/unavailable-view';

export const metadata: Metadata = { title: '页面暂时无法显示', robots: { index: false } };

/**
 * The error page as server-rendered HTML, for the whole-page cache only (lib/page-cache/fallback.ts,
 * docs/decisions.md "Errors render on the server"); proxy.ts answers a visitor's own request for
 * this address with the 404 page.
 */
export default function UnavailablePage() {
  return <UnavailableView />;
}
