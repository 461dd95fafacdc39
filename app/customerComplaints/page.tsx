import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '投诉建议' };

export default function Page() {
  return <PlaceholderPage title="投诉建议" section="会员服务" />;
}
