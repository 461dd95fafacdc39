import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '个人中心' };

export default function Page() {
  return <PlaceholderPage title="个人中心" section="会员中心" />;
}
