import { foundationInfo } from './foundation-info';

/** The foundation's figures, on its home page. */
export function CharityFigures() {
  return (
    <dl className="grid grid-cols-4 gap-4">
      {foundationInfo.figures.map((f) => (
        <div key={f.label} className="rounded-xl border border-jade-600/20 bg-jade-50 px-4 py-5 text-center">
          <dt className="text-sm text-stone-700">{f.label}</dt>
          <dd className="mt-1 text-3xl font-bold text-jade-700">
            {f.value}
            <span className="ml-1 text-sm font-normal">{f.unit}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
