'use client';
/** The minutes and seconds left to pay an unpaid booking, counting down; 已超时 when it has passed. */
import { useEffect, useState } from 'react';

function left(deadline: string, now: number): string {
  const ms = new Date(deadline).getTime() - now;
  if (!Number.isFinite(ms) || ms <= 0) return '已超时';
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}分${String(s % 60).padStart(2, '0')}秒`;
}

export function TimeLeft({ deadline }: { deadline: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <span className="text-brand-700">
      剩余支付时间 <time dateTime={deadline}>{now === null ? '' : left(deadline, now)}</time>
    </span>
  );
}
