import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '名医工作室' };

export default function Page() {
  return <PlaceholderPage title="名医工作室" section="重点专科" />;
}
