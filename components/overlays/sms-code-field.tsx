'use client';
/**
 * SMS code input with its 获取验证码 button: a 60 s resend countdown, and the
 * numeric image code (RndVcodeNum) first when the API asks for it (SPEC §4).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { sessionImageCodeAudioPath, sessionImageCodePath } from '@/lib/internal-paths';
import { messages } from '@/lib/messages';
import { validatePhone } from '@/lib/validation';
import { queryKeys } from '@/components/ui/query-keys';
import { readRoute } from '@/components/ui/read-route';
import { showToast } from '@/components/ui/toast';
import { useSubmission } from '@/components/ui/use-submission';
import type { SmsPurpose } from '@/lib/api/auth';
import { sendSmsCodeAction } from './actions';
import { FormField } from './overlay-frame';
import { ProofStatus, useProof } from './use-proof';

const RESEND_SECONDS = 60;
/** The audio did not play: the code has expired or been used, or the allowance is spent. */
const AUDIO_FAILED = '语音验证码无法播放，请点击图片换一张后再听';

type ImageCodeAnswer = { ok: true; key: string; image: string } | { ok: false; message: string };

/** GET /session/image-code; a failed request reads as the SPEC §8 network message. */
const fetchImageCode = () => readRoute<ImageCodeAnswer>(sessionImageCodePath()).catch((): ImageCodeAnswer => ({ ok: false, message: messages.networkError }));

export function SmsCodeField({
  id,
  phone,
  purpose,
  value,
  onChange,
  error,
  onPhoneError,
}: {
  id: string;
  phone: string;
  purpose: SmsPurpose;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  onPhoneError: (message: string) => void;
}) {
  const [seconds, setSeconds] = useState(0);
  const [image, setImage] = useState<{ key: string; src: string } | null>(null);
  const [imageCode, setImageCode] = useState('');
  const queryClient = useQueryClient();
  const audio = useRef<HTMLAudioElement>(null);
  // One send at a time, never retried (the API makes one code per request); a thrown call is the network message.
  const { pending: sending, run } = useSubmission((message) => showToast(message, 'error'));
  // A spent site-wide ceiling asks for a proof of work: solved here, then the send goes again once.
  const { solving, withProof } = useProof();

  useEffect(() => {
    if (seconds <= 0) return;
    const t = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [seconds]);

  /** Each code is asked for once (the API makes one per request): never cached, never retried. */
  async function loadImage() {
    const r = await queryClient.fetchQuery({ queryKey: queryKeys.imageCode, queryFn: fetchImageCode, staleTime: 0, gcTime: 0, retry: false });
    if (r.ok) {
      setImage({ key: r.key, src: r.image });
      setImageCode('');
    } else showToast(r.message, 'error');
  }

  /** The same code spoken (docs/elder-mode.md): made on the server, under the picture's throttle and expiry. */
  function listen() {
    const player = audio.current;
    if (!image || !player) return;
    player.src = sessionImageCodeAudioPath(image.key);
    player.play().catch(() => showToast(AUDIO_FAILED, 'error'));
  }

  function send() {
    const p = validatePhone(phone);
    if (!p.ok) return onPhoneError(p.message);
    run(async () => {
      const img = image ? { key: image.key, code: imageCode } : undefined;
      const r = await withProof((proof) => sendSmsCodeAction(p.value, purpose, img, proof));
      if (r.ok) {
        // SPEC-style 60 s countdown in the UI, whatever shorter interval a test host allows.
        setSeconds(Math.max(r.resendAfterSeconds || 0, RESEND_SECONDS));
        setImage(null);
        showToast('验证码已发送，请注意查收', 'success');
      } else {
        showToast(r.message, 'error');
        if (r.needImageCode) await loadImage();
      }
    });
  }

  return (
    <div>
      <ProofStatus solving={solving} />
      {image ? (
        <div className="mb-3 flex items-end gap-2">
          <FormField
            id={`${id}-img`}
            label="图形验证码"
            inputMode="numeric"
            maxLength={4}
            value={imageCode}
            onChange={(e) => setImageCode(e.target.value)}
            className="mb-0 flex-1"
            autoComplete="off"
          />
          <button type="button" onClick={loadImage} className="mb-0.5 shrink-0" title="看不清，换一张">
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
      ) : null}
      <div className="flex items-start gap-2">
        <FormField
          id={id}
          label="短信验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6位数字"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={error}
          className="flex-1"
        />
        <button
          type="button"
          onClick={send}
          disabled={seconds > 0 || sending}
          className="mt-6 shrink-0 rounded-md border border-brand-700 px-3 py-2 text-sm text-brand-700 hover:bg-brand-50 disabled:border-stone-300 disabled:text-stone-600"
        >
          {seconds > 0 ? `${seconds}秒后重新获取` : sending ? '发送中…' : '获取验证码'}
        </button>
      </div>
    </div>
  );
}
