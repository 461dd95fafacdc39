import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '制度日志' };

export default function Page() {
  return <PlaceholderPage title="制度日志" section="关于我们" />;
}
