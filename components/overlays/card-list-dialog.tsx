'use client';
/** SPEC §4 ReturnCode 3: the phone's offline cards, with the API's message; pick one to activate. */
import { formatDate, formatPoints } from '@/lib/format';
import { OverlayFrame } from './overlay-frame';
import { openOverlay, type OverlayData } from './overlay-store';

export function CardListDialog({ data }: { data: OverlayData }) {
  const cards = data.cards ?? [];
  return (
    <OverlayFrame title="会员卡信息" message={data.message} wide>
      {cards.length === 0 ? (
        <p className="text-stone-600">没有待激活的会员卡。</p>
      ) : (
        <ul className="space-y-3">
          {cards.map((card) => (
            <li key={card.cardNo} className="flex items-center justify-between rounded-lg border border-gold-400 bg-gradient-to-r from-amber-50 to-white p-4">
              <div>
                <p className="font-semibold text-brand-800">
                  {card.levelName} <span className="ml-2 font-mono text-sm text-stone-600">No. {card.cardNo}</span>
                </p>
                <p className="mt-1 text-sm text-stone-600">
                  持卡人 {card.holderName} · 积分 {formatPoints(card.points)} · {card.orgName} · 办卡日期 {formatDate(card.issueDate)}
                </p>
              </div>
              <button
                type="button"
                onClick={() => openOverlay('activate', { phone: data.phone, code: data.code, cardNo: card.cardNo })}
                className="shrink-0 rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
              >
                激活此卡
              </button>
            </li>
          ))}
        </ul>
      )}
    </OverlayFrame>
  );
}
