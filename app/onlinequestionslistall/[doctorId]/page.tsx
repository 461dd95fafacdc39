import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '医生问答' };

export default function Page() {
  return <PlaceholderPage title="医生问答" section="看诊服务" />;
}
