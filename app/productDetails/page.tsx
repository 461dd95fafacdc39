import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '商品详情' };

export default function Page() {
  return <PlaceholderPage title="商品详情" section="会员服务" />;
}
