import type { MemberRightsCatalogue } from '@/lib/api/member-rights';
import { formatPoints } from '@/lib/format';

/** The card levels side by side and what each right gives at each (SPEC §2 /memberServices). */
export function MemberRightsTable({ catalogue }: { catalogue: MemberRightsCatalogue }) {
  const { levels, rights } = catalogue;
  // A table wider than a narrow window scrolls in its own box, reachable by keyboard (WCAG 1.4.10, 2.1.1).
  return (
    <div role="region" aria-label="会员权益" tabIndex={0} className="relative overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">各等级会员卡权益对照</caption>
        <thead>
          <tr className="bg-stone-50">
            <th scope="col" className="w-40 px-4 py-3 text-left font-medium text-stone-700">
              权益
            </th>
            {levels.map((l) => (
              <th key={l.level} scope="col" className="px-4 py-3 text-center">
                <span className="inline-flex items-center gap-2 font-bold text-stone-900">
                  <span aria-hidden="true" className="h-3 w-3 rounded-full" style={{ backgroundColor: l.color }} />
                  {l.name}
                </span>
                <span className="mt-1 block text-xs font-normal text-stone-600">
                  {l.thresholdPoints === 0 ? '注册即享' : `年积分满${formatPoints(l.thresholdPoints)}`}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rights.map((r) => (
            <tr key={r.id} className="border-t border-stone-100">
              <th scope="row" className="px-4 py-3 text-left font-medium text-stone-900">
                {r.title}
              </th>
              {levels.map((l) => {
                const benefit = r.benefits.find((b) => b.level === l.level)?.benefit ?? '';
                return (
                  <td key={l.level} className="px-4 py-3 text-center text-stone-700">
                    {benefit ? (
                      benefit
                    ) : (
                      <>
                        <span aria-hidden="true" className="text-stone-600">
                          —
                        </span>
                        <span className="sr-only">不享有</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
