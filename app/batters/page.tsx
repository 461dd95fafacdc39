import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export const metadata: Metadata = { title: '拍方抓药' };

export default function Page() {
  return <PlaceholderPage title="拍方抓药" section="看诊服务" />;
}
