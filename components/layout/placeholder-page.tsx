import { PageHeader } from '@/components/ui/page-header';

/** A real route whose content a later issue fills (issue 2). */
export function PlaceholderPage({ title, section }: { title: string; section: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={section} />
      <div className="mx-auto max-w-6xl px-4 py-12 text-stone-700">
        <p>本栏目内容正在整理中，敬请期待。</p>
      </div>
    </>
  );
}
