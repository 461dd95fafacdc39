'use client';
/** A short notice with the next step (SPEC §4 "info" dialog). */
import { OverlayFrame } from './overlay-frame';
import { closeOverlay, openOverlay, type OverlayData } from './overlay-store';

export function InfoDialog({ data }: { data: OverlayData }) {
  return (
    <OverlayFrame title="提示">
      <p className="mb-5 text-stone-700">{data.message ?? ''}</p>
      <div className="flex justify-end gap-3">
        <button type="button" onClick={closeOverlay} className="rounded-md border border-stone-300 px-4 py-2 text-sm text-stone-700">
          关闭
        </button>
        <button type="button" onClick={() => openOverlay('login', { phone: data.phone })} className="rounded-md bg-brand-700 px-4 py-2 text-sm text-white">
          去登录
        </button>
      </div>
    </OverlayFrame>
  );
}
