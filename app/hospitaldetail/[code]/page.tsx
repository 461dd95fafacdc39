import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '门诊详情' };

export default function Page() {
  return <PlaceholderPage title="门诊详情" section="看诊服务" />;
}
