import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '企业文化' };

export default function Page() {
  return <PlaceholderPage title="企业文化" section="关于我们" />;
}
