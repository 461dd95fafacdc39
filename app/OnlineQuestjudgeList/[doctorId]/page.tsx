import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '问诊评价' };

export default function Page() {
  return <PlaceholderPage title="问诊评价" section="看诊服务" />;
}
