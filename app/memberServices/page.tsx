import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '会员权益' };

export default function Page() {
  return <PlaceholderPage title="会员权益" section="会员服务" />;
}
