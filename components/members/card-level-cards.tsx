import type { CardLevel } from '@/lib/api/member-rights';

/** The four cards (普卡/银卡/金卡/钻石卡) with their threshold and discount. */
export function CardLevelCards({ levels }: { levels: CardLevel[] }) {
  return (
    <ul className="grid grid-cols-4 gap-5">
      {levels.map((l) => (
        <li key={l.level} className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
          <div className="relative h-28 p-4 text-white" style={{ background: `linear-gradient(135deg, ${l.color}, #2b1a12)` }}>
            <p className="text-xs tracking-widest opacity-90">圣爱中医会员卡</p>
            <p className="mt-2 text-2xl font-bold">{l.name}</p>
            <span aria-hidden="true" className="absolute bottom-3 right-4 font-serif text-3xl opacity-30">
              圣爱
            </span>
          </div>
          <div className="space-y-1 p-4 text-sm">
            <p className="font-medium text-brand-700">{l.discount}</p>
            <p className="text-stone-600">{l.summary}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
