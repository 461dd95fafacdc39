/** The heading band of an inner page. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="border-b border-stone-200 bg-gradient-to-r from-brand-800 to-brand-600 text-white">
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-2xl font-bold tracking-wide">{title}</h1>
        {subtitle ? <p className="mt-2 text-brand-50">{subtitle}</p> : null}
      </div>
    </div>
  );
}
