'use client';
/** The minutes and seconds left to pay an unpaid booking, counting down; 已超时 when it has passed. */
import { useSyncExternalStore } from 'react';

function left(deadline: string, nowSeconds: number): string {
  const s = Math.floor(new Date(deadline).getTime() / 1000) - nowSeconds;
  if (!Number.isFinite(s) || s <= 0) return '已超时';
  return `${Math.floor(s / 60)}分${String(s % 60).padStart(2, '0')}秒`;
}

/** A clock that ticks once a second while someone shows it. */
const subscribe = (onTick: () => void) => {
  const id = window.setInterval(onTick, 1000);
  return () => window.clearInterval(id);
};
const nowSeconds = () => Math.floor(Date.now() / 1000);
const noClockOnServer = () => null;

export function TimeLeft({ deadline }: { deadline: string }) {
  const now = useSyncExternalStore(subscribe, nowSeconds, noClockOnServer);
  return (
    <span className="text-brand-700">
      剩余支付时间 <time dateTime={deadline}>{now === null ? '' : left(deadline, now)}</time>
    </span>
  );
}
