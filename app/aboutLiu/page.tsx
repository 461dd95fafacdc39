import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '创始人' };

export default function Page() {
  return <PlaceholderPage title="创始人" section="关于我们" />;
}
