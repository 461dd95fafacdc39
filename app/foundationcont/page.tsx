import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '联系我们' };

export default function Page() {
  return <PlaceholderPage title="联系我们" section="圣爱公益" />;
}
