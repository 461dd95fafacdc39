import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '客户留言' };

export default function Page() {
  return <PlaceholderPage title="客户留言" section="会员服务" />;
}
