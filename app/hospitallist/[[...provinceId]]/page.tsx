import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '找门诊' };

export default function Page() {
  return <PlaceholderPage title="找门诊" section="看诊服务" />;
}
