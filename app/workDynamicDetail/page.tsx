import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '工作动态' };

export default function Page() {
  return <PlaceholderPage title="工作动态" section="重点专科" />;
}
