import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '挂号记录' };

export default function Page() {
  return <PlaceholderPage title="挂号记录" section="会员中心" />;
}
