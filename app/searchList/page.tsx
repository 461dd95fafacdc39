import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '搜索' };

export default function Page() {
  return <PlaceholderPage title="搜索" section="首页" />;
}
