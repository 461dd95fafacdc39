import type { Metadata } from 'next';
import { NotFoundView } from '@/components/layout/not-found-view';

export const metadata: Metadata = { title: '页面不存在', robots: { index: false } };

/** SPEC §2: unknown paths answer 404 with this page. */
export default function NotFound() {
  return <NotFoundView />;
}
