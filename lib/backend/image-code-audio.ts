/**
 * The image code's audio alternative (docs/elder-mode.md "The picture code's audio"; WCAG 1.1.1's CAPTCHA
 * exception asks for one in another sense): the same code, spoken. Each answer is made here from the ten digit
 * clips committed in assets/image-code-audio (scripts/generate-digit-clips.ts), joined in the code's order with
 * silences of random length, each digit at a random loudness and slightly faster or slower, the whole under a
 * low noise of its own: no two answers for one code have the same bytes, so a script cannot match clips whole.
 * A speed bump like the picture, priced by the same throttles (lib/backend/handlers/auth.ts RndVcodeAudio).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CLIP_RATE, readWav, writeWav } from './wav';

const CLIP_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), 'assets', 'image-code-audio');

let clips: Int16Array[] | null = null;

/** The ten clips, read once. */
function digitClips(): Int16Array[] {
  clips ??= Array.from({ length: 10 }, (_, d) => {
    const { samples, rate } = readWav(fs.readFileSync(path.join(CLIP_DIR, `${d}.wav`)));
    if (rate !== CLIP_RATE) throw new Error(`assets/image-code-audio/${d}.wav is not ${CLIP_RATE} Hz`);
    return samples;
  });
  return clips;
}

const random = () => crypto.randomInt(0, 1_000_000) / 1_000_000;
const between = (min: number, max: number) => min + random() * (max - min);
const seconds = (s: number) => Math.round(s * CLIP_RATE);

/** A clip played `speed` times as fast (0.9–1.1: the pitch moves a little too), linearly interpolated. */
function stretched(clip: Int16Array, speed: number): Float32Array {
  const out = new Float32Array(Math.floor(clip.length / speed));
  for (let i = 0; i < out.length; i++) {
    const x = i * speed;
    const i0 = Math.floor(x);
    const i1 = Math.min(i0 + 1, clip.length - 1);
    out[i] = clip[i0]! + (clip[i1]! - clip[i0]!) * (x - i0);
  }
  return out;
}

/** The code spoken, as a WAV file (8 kHz mono 16-bit): the digits twice, a pause between the two readings. */
export function speakImageCode(code: string): Buffer {
  if (!/^\d{1,8}$/.test(code)) throw new Error('an image code is digits');
  const all = digitClips();
  const parts: Float32Array[] = [];
  const silence = (s: number) => parts.push(new Float32Array(seconds(s)));
  silence(between(0.3, 0.6));
  for (let reading = 0; reading < 2; reading++) {
    for (const digit of code) {
      const clip = stretched(all[Number(digit)]!, between(0.92, 1.08));
      const gain = between(0.6, 1);
      parts.push(clip.map((s) => s * gain));
      silence(between(0.25, 0.5));
    }
    silence(between(0.6, 0.9));
  }
  const length = parts.reduce((n, p) => n + p.length, 0);
  const mixed = new Float32Array(length);
  let at = 0;
  for (const p of parts) {
    mixed.set(p, at);
    at += p.length;
  }
  // Noise: white noise around 3 % of full scale, under a hum whose pitch and level are random.
  const hum = between(90, 240);
  const humLevel = between(300, 900);
  const phase = between(0, 2 * Math.PI);
  const out = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    const noise = (random() * 2 - 1) * 1000 + humLevel * Math.sin(phase + (2 * Math.PI * hum * i) / CLIP_RATE);
    out[i] = Math.max(-32768, Math.min(32767, Math.round(mixed[i]! + noise)));
  }
  return writeWav(out);
}
