import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

export const metadata: Metadata = { title: '页面不存在', robots: { index: false } };

/** SPEC §2: /404 exists and answers like any unknown path (status 404). */
export default function NotFoundPage() {
  notFound();
}
