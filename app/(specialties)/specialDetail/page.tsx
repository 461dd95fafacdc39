import type { Metadata } from 'next';
import { SpecialPage, specialMetadata } from '@/app/(specialties)/_lib/special-page';
import type { SearchParams } from '@/lib/url-params';

interface Props {
  searchParams: Promise<SearchParams>;
}

export function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return specialMetadata(searchParams, 3);
}

/** TW_Special type 3 (1 工作成果, 2 工作动态, 3 专题) by ?id= (SPEC §2). */
export default function SpecialDetailPage({ searchParams }: Props) {
  return <SpecialPage searchParams={searchParams} type={3} />;
}
