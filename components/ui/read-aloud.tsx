'use client';
/**
 * 语音朗读 (docs/elder-mode.md "Read aloud"): reads the page's main text aloud in Mandarin with the browser's own
 * speech synthesis (a zh-CN voice), with pause, resume and stop. Nothing is sent anywhere and nothing is loaded:
 * where the browser has no Chinese voice (or no speech synthesis), the button says so instead of reading.
 * `targetIds`: the elements whose text is read, in this order (their visible text).
 */
import { useEffect, useRef, useState } from 'react';

type State = 'idle' | 'speaking' | 'paused' | 'unavailable';

/** Long utterances stop half-way in some browsers: the text is read in pieces of at most this many characters. */
const PIECE_CHARS = 160;
/** A little slower than the voice's default: easier to follow. */
const RATE = 0.9;

const NO_VOICE = '您的浏览器没有中文语音，暂时无法朗读。可在系统设置中添加中文（普通话）语音后再试。';

/** The text in pieces that end at a sentence's end where possible. */
export function speechPieces(text: string, max = PIECE_CHARS): string[] {
  const sentences = text.replace(/\s+/g, ' ').trim().match(/[^。！？；!?;\n]+[。！？；!?;]*/g) ?? [];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of sentences.map((s) => s.trim()).filter(Boolean)) {
    for (let i = 0; i < sentence.length; i += max) {
      const part = sentence.slice(i, i + max);
      if (current && current.length + part.length > max) {
        pieces.push(current);
        current = '';
      }
      current += part;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** A Mandarin voice of the browser: zh-CN first, then any zh or cmn voice that is not Cantonese or Taiwanese. */
function chineseVoice(voices: SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const lang = (v: SpeechSynthesisVoice) => v.lang.replace('_', '-').toLowerCase();
  return (
    voices.find((v) => lang(v) === 'zh-cn') ??
    voices.find((v) => /^(zh|cmn)(-hans)?(-cn)?$/.test(lang(v))) ??
    voices.find((v) => /^(zh|cmn)\b/.test(lang(v)) && !/hk|tw|yue/.test(lang(v))) ??
    null
  );
}

/** The browser's voices; some browsers list them only after `voiceschanged`. */
function voicesOf(synth: SpeechSynthesis): Promise<SpeechSynthesisVoice[]> {
  const now = synth.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      synth.removeEventListener('voiceschanged', done);
      resolve(synth.getVoices());
    };
    synth.addEventListener('voiceschanged', done);
    // A browser with no voices at all never fires the event: decide once the current task queue has run.
    void Promise.resolve().then(() => setTimeout(done, 250));
  });
}

export function ReadAloud({ targetIds, label = '语音朗读' }: { targetIds: readonly string[]; label?: string }) {
  const [state, setState] = useState<State>('idle');
  const run = useRef(0);

  // Leaving the page stops the voice.
  useEffect(() => () => window.speechSynthesis?.cancel(), []);

  async function start() {
    const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
    if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return setState('unavailable');
    const voice = chineseVoice(await voicesOf(synth));
    if (!voice) return setState('unavailable');
    const text = targetIds.map((id) => document.getElementById(id)?.innerText ?? '').join('。\n');
    const pieces = speechPieces(text);
    if (pieces.length === 0) return;
    synth.cancel();
    const mine = ++run.current;
    pieces.forEach((piece, i) => {
      const u = new SpeechSynthesisUtterance(piece);
      u.voice = voice;
      u.lang = voice.lang || 'zh-CN';
      u.rate = RATE;
      if (i === pieces.length - 1) u.onend = () => run.current === mine && setState('idle');
      u.onerror = () => run.current === mine && setState('idle');
      synth.speak(u);
    });
    setState('speaking');
  }

  function pause() {
    window.speechSynthesis.pause();
    setState('paused');
  }

  function resume() {
    window.speechSynthesis.resume();
    setState('speaking');
  }

  function stop() {
    run.current++;
    window.speechSynthesis.cancel();
    setState('idle');
  }

  const button =
    'inline-flex min-h-11 items-center gap-1 rounded-md border border-brand-700 bg-white px-4 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
  return (
    <div role="group" aria-label={label} className="read-aloud my-3 flex flex-wrap items-center gap-2 print:hidden">
      {state === 'speaking' || state === 'paused' ? (
        <>
          {state === 'speaking' ? (
            <button type="button" className={button} onClick={pause}>
              暂停朗读
            </button>
          ) : (
            <button type="button" className={button} onClick={resume}>
              <span aria-hidden="true">▶ </span>继续朗读
            </button>
          )}
          <button type="button" className={button} onClick={stop}>
            停止朗读
          </button>
        </>
      ) : (
        <button type="button" className={button} onClick={() => void start()}>
          <span aria-hidden="true">▶ </span>
          {label}
        </button>
      )}
      <p role="status" className="text-sm text-stone-700">
        {state === 'unavailable' ? NO_VOICE : state === 'speaking' ? '正在朗读…' : state === 'paused' ? '已暂停' : ''}
      </p>
    </div>
  );
}
