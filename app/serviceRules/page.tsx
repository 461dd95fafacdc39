import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '服务条款' };

export default function Page() {
  return <PlaceholderPage title="服务条款" section="会员服务" />;
}
