import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '通知公告' };

export default function Page() {
  return <PlaceholderPage title="通知公告" section="圣爱公益" />;
}
