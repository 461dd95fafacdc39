import type { SiteFigure } from '@/lib/api/site-info';
import { formatPoints } from '@/lib/format';

/** The group's figures (GetUserNums). Large values read in 万 like points (SPEC §9). */
export function SiteFigures({ figures, tone = 'light' }: { figures: SiteFigure[]; tone?: 'light' | 'dark' }) {
  return (
    <dl className="grid grid-cols-4 gap-4">
      {figures.map((f) => (
        <div
          key={f.key}
          className={
            tone === 'dark'
              ? 'rounded-xl bg-white/10 px-4 py-5 text-center text-white'
              : 'rounded-xl border border-stone-200 bg-white px-4 py-5 text-center shadow-sm'
          }
        >
          <dt className={tone === 'dark' ? 'text-sm text-white/85' : 'text-sm text-stone-600'}>{f.label}</dt>
          <dd className={tone === 'dark' ? 'mt-1 text-3xl font-bold text-gold-400' : 'mt-1 text-3xl font-bold text-brand-700'}>
            {formatPoints(f.value)}
            <span className="ml-1 text-sm font-normal">{f.unit}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
