import type { MemberRight } from '@/lib/api/member-rights';

/** Each right with its description (SPEC §2 member services: what each card level gives). */
export function MemberRightCards({ rights }: { rights: MemberRight[] }) {
  return (
    <ul className="grid grid-cols-3 gap-5">
      {rights.map((r) => (
        <li key={r.id} className="flex gap-4 rounded-xl border border-stone-200 bg-white p-5">
          <span
            aria-hidden="true"
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-50 font-serif text-xl font-bold text-brand-700"
          >
            {r.icon}
          </span>
          <div>
            <h3 className="font-bold text-stone-900">{r.title}</h3>
            <p className="mt-1 text-sm leading-6 text-stone-600">{r.content || r.summary}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
