import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '集团简介' };

export default function Page() {
  return <PlaceholderPage title="集团简介" section="关于我们" />;
}
