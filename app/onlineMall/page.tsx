import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '积分商城' };

export default function Page() {
  return <PlaceholderPage title="积分商城" section="会员服务" />;
}
