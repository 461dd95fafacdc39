import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '圣爱视频' };

export default function Page() {
  return <PlaceholderPage title="圣爱视频" section="关于我们" />;
}
