import { Link } from '@/components/ui/link';

/** The friendly state of a list with no result. */
export function EmptyState({
  title = '暂无内容',
  hint,
  action,
}: {
  title?: string;
  hint?: string;
  action?: { label: string; href: string };
}) {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <p className="text-lg font-medium text-stone-800">{title}</p>
      {hint ? <p className="mt-2 text-sm text-stone-600">{hint}</p> : null}
      {action ? (
        <Link href={action.href} className="mt-4 inline-block text-brand-700 underline">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
