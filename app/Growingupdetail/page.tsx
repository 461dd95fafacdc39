import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '成长详情' };

export default function Page() {
  return <PlaceholderPage title="成长详情" section="关于我们" />;
}
