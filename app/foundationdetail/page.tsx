import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '公益活动详情' };

export default function Page() {
  return <PlaceholderPage title="公益活动详情" section="圣爱公益" />;
}
