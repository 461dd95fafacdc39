import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '公益项目' };

export default function Page() {
  return <PlaceholderPage title="公益项目" section="圣爱公益" />;
}
