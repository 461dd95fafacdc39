import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '修改资料' };

export default function Page() {
  return <PlaceholderPage title="修改资料" section="会员中心" />;
}
