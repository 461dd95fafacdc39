import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '疾病专科' };

export default function Page() {
  return <PlaceholderPage title="疾病专科" section="重点专科" />;
}
