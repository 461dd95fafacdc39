/**
 * 体质档案 (docs/constitution.md "体质档案"): the member's kept results, newest first, each with its date in
 * China time (lib/format), and what changed since the one before. Server-rendered, no script.
 */
import { EmptyState } from '@/components/ui/empty-state';
import type { ConstitutionRecord } from '@/lib/api/constitution';
import { ARCHIVE_RULE_TEXT } from '@/lib/constitution/archive-rule';
import { changesSince } from '@/lib/constitution/changes';
import { SELF_ASSESSMENT_NOTICE } from '@/lib/constitution/care';
import { displayScore, typeName } from '@/lib/constitution/scoring';
import { formatDateTime } from '@/lib/format';

function signed(delta: number): string {
  const shown = displayScore(Math.abs(delta));
  return delta > 0 ? `+${shown}` : delta < 0 ? `−${shown}` : '0';
}

export function ConstitutionArchiveView({
  records,
  total,
  canKeep,
  links,
}: {
  records: ConstitutionRecord[];
  total: number;
  canKeep: boolean;
  links: { questionnaire: string; memberServices: string };
}) {
  const [latest, previous] = records;
  const changes = latest && previous ? changesSince(latest, previous) : [];
  return (
    <div className="space-y-6">
      {canKeep ? null : (
        <p role="note" className="rounded-lg border border-gold-400 bg-amber-50 p-4 text-amber-900">
          {ARCHIVE_RULE_TEXT}
          <a href={links.memberServices} className="ml-1 underline underline-offset-2">
            查看会员权益
          </a>
        </p>
      )}
      {!latest ? (
        <EmptyState title="体质档案中还没有记录" hint="完成一次中医体质辨识后，在结果页点击“保存到体质档案”即可。" action={{ label: '去做体质辨识', href: links.questionnaire }} />
      ) : (
        <>
          <section aria-labelledby="archive-latest" className="rounded-lg border border-stone-200 bg-white p-5">
            <h2 id="archive-latest" className="text-lg font-semibold text-stone-900">
              最近一次：{latest.summary}
            </h2>
            <p className="mt-1 text-stone-600">
              辨识时间：<time dateTime={latest.createdAt}>{formatDateTime(latest.createdAt)}</time>
            </p>
            {previous ? (
              <div className="mt-4">
                <h3 className="font-medium text-stone-900">
                  与上次（{formatDateTime(previous.createdAt)}，{previous.summary}）相比
                </h3>
                {changes.length ? (
                  <ul className="mt-2 space-y-1">
                    {changes.map((c) => (
                      <li key={c.type} className="text-stone-800">
                        {typeName(c.type)}：{displayScore(c.before)} → {displayScore(c.after)}（{signed(c.delta)}）
                        {c.judgementBefore !== c.judgementAfter ? `，判定由“${c.judgementBefore}”变为“${c.judgementAfter}”` : `，判定仍为“${c.judgementAfter}”`}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2 text-stone-700">各体质的转化分与判定没有明显变化。</p>
                )}
              </div>
            ) : (
              <p className="mt-3 text-stone-700">这是您的第一次记录，下次辨识后这里会显示与上次相比的变化。</p>
            )}
          </section>
          <section aria-labelledby="archive-history" className="rounded-lg border border-stone-200 bg-white p-5">
            <h2 id="archive-history" className="text-lg font-semibold text-stone-900">
              历次辨识（共{total}次）
            </h2>
            <ol className="mt-3 divide-y divide-stone-100">
              {records.map((r) => (
                <li key={r.id} className="py-3" data-record={r.id}>
                  <p className="font-medium text-stone-900">
                    <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>　{r.summary}
                  </p>
                  <p className="mt-1 text-stone-700">
                    {r.scores.map((s) => `${typeName(s.type)} ${displayScore(s.score)}（${s.judgement}）`).join('　')}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
      <p className="text-stone-600">
        {SELF_ASSESSMENT_NOTICE}。
        {/* With no record yet, the empty state's 去做体质辨识 is the one way there: "again" would be untrue. */}
        {latest ? (
          <a href={links.questionnaire} className="ml-1 text-brand-700 underline underline-offset-2">
            再做一次体质辨识
          </a>
        ) : null}
      </p>
    </div>
  );
}
