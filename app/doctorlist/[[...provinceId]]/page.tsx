import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '找医生' };

export default function Page() {
  return <PlaceholderPage title="找医生" section="看诊服务" />;
}
