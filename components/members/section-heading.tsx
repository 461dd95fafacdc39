/** An h2 with the site's brand rule, for the sections of member-service pages. */
export function SectionHeading({ id, title, hint }: { id: string; title: string; hint?: string }) {
  return (
    <div className="mb-5 flex items-end justify-between border-b border-stone-200 pb-3">
      <h2 id={id} className="border-l-4 border-brand-700 pl-3 text-xl font-bold text-stone-900">
        {title}
      </h2>
      {hint ? <p className="text-sm text-stone-600">{hint}</p> : null}
    </div>
  );
}
