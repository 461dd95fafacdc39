'use client';
/**
 * The numeric image code (RndVcodeNum, SPEC §4) that a send of an SMS code asks for once a client has sent
 * several (lib/limits.ts smsImageCodeAfter): the picture, a new one on click, and the same code spoken
 * (docs/elder-mode.md "The picture code, spoken"). Each code is asked for once and spent by the send that
 * carries it, right or wrong, so a refused send loads a new one. Used by every SMS send a person starts: the
 * overlays' 获取验证码 (sms-code-field.tsx) and the consent code of 就诊人 (components/booking/patient-manager.tsx).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { queryKeys } from '@/components/ui/query-keys';
import { readRoute } from '@/components/ui/read-route';
import { showToast } from '@/components/ui/toast';
import { sessionImageCodeAudioPath, sessionImageCodePath } from '@/lib/internal-paths';
import { messages } from '@/lib/messages';
import { FormField } from './overlay-frame';

/** The audio did not play: the code has expired or been used, or the allowance is spent. */
const AUDIO_FAILED = '语音验证码无法播放，请点击图片换一张后再听';

type ImageCodeAnswer = { ok: true; key: string; image: string } | { ok: false; message: string };

/** GET /session/image-code; a failed request reads as the SPEC §8 network message. */
const fetchImageCode = () => readRoute<ImageCodeAnswer>(sessionImageCodePath()).catch((): ImageCodeAnswer => ({ ok: false, message: messages.networkError }));

export interface ImageCode {
  /** The picture shown, or null while no send has asked for one. */
  image: { key: string; src: string } | null;
  typed: string;
  setTyped: (code: string) => void;
  /** Asks for a new picture (a send asked for it, or the person asked for another). */
  load: () => Promise<void>;
  /** The send went through: the picture goes. */
  clear: () => void;
  /** What the next send carries: the picture's key and what was typed, or nothing. */
  answer: { key: string; code: string } | undefined;
}

export function useImageCode(): ImageCode {
  const queryClient = useQueryClient();
  const [image, setImage] = useState<ImageCode['image']>(null);
  const [typed, setTyped] = useState('');

  /** Each code is asked for once (the API makes one per request): never cached, never retried. */
  async function load() {
    const r = await queryClient.fetchQuery({ queryKey: queryKeys.imageCode, queryFn: fetchImageCode, staleTime: 0, gcTime: 0, retry: false });
    if (r.ok) {
      setImage({ key: r.key, src: r.image });
      setTyped('');
    } else showToast(r.message, 'error');
  }

  return {
    image,
    typed,
    setTyped,
    load,
    clear: () => {
      setImage(null);
      setTyped('');
    },
    answer: image ? { key: image.key, code: typed } : undefined,
  };
}

/** The picture code's row, once a send has asked for it: the field, the picture (a new one on click), 听语音验证码. */
export function ImageCodeField({ id, imageCode }: { id: string; imageCode: ImageCode }) {
  const audio = useRef<HTMLAudioElement>(null);
  const { image } = imageCode;
  if (!image) return null;

  /** The same code spoken: made on the server, under the picture's throttle and expiry. */
  function listen() {
    const player = audio.current;
    if (!image || !player) return;
    player.src = sessionImageCodeAudioPath(image.key);
    player.play().catch(() => showToast(AUDIO_FAILED, 'error'));
  }

  return (
    <div className="mb-3 flex flex-wrap items-end gap-2">
      <FormField
        id={`${id}-img`}
        label="图形验证码"
        inputMode="numeric"
        maxLength={4}
        value={imageCode.typed}
        onChange={(e) => imageCode.setTyped(e.target.value)}
        className="mb-0 flex-[1_1_8rem]"
        autoComplete="off"
      />
      <button type="button" onClick={() => void imageCode.load()} className="mb-0.5 shrink-0" title="看不清，换一张">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URI from the API */}
        <img src={image.src} alt="图形验证码，点击换一张" width={100} height={40} className="rounded border border-stone-200" />
      </button>
      <button
        type="button"
        onClick={listen}
        className="mb-0.5 min-h-11 shrink-0 rounded-md border border-brand-700 px-3 text-sm text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        听语音验证码
      </button>
      <audio ref={audio} preload="none" hidden />
    </div>
  );
}
