import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '圣爱公益基金会' };

export default function Page() {
  return <PlaceholderPage title="圣爱公益基金会" section="圣爱公益" />;
}
