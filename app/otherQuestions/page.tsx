import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '其他问题' };

export default function Page() {
  return <PlaceholderPage title="其他问题" section="帮助中心" />;
}
