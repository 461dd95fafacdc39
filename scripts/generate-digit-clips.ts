/**
 * One-time maintainer step (output committed in assets/image-code-audio): the ten spoken digits the image code's
 * audio alternative is joined from (lib/backend/image-code-audio.ts, docs/elder-mode.md "The picture code's
 * audio"). Spoken in Mandarin by Debian's espeak-ng (installed for this step only: the site never runs it), then
 * trimmed of silence, resampled to 8 kHz mono 16-bit and normalised: about 8 KB a digit.
 * 1 is 幺 (yāo), as a phone number is read aloud, so that it cannot be heard as 七.
 * Run: bash scripts/ensure-debian-package.sh /usr/bin/espeak-ng espeak-ng && npx tsx scripts/generate-digit-clips.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIP_RATE, readWav, writeWav } from '../lib/backend/wav';

const SPOKEN = ['零', '幺', '二', '三', '四', '五', '六', '七', '八', '九'];
const out = path.join(process.cwd(), 'assets', 'image-code-audio');
fs.mkdirSync(out, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'digits-'));

/** Linear resampling to CLIP_RATE; enough for speech at telephone quality. */
function resample(samples: Int16Array, from: number): Int16Array {
  const length = Math.floor((samples.length * CLIP_RATE) / from);
  const outSamples = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    const x = (i * from) / CLIP_RATE;
    const i0 = Math.floor(x);
    const i1 = Math.min(i0 + 1, samples.length - 1);
    outSamples[i] = Math.round(samples[i0]! + (samples[i1]! - samples[i0]!) * (x - i0));
  }
  return outSamples;
}

/** Without the silence before and after (below 2 % of full scale), a few milliseconds kept each side. */
function trim(samples: Int16Array): Int16Array {
  const threshold = 0.02 * 32767;
  let start = samples.findIndex((s) => Math.abs(s) > threshold);
  let end = samples.length - 1;
  while (end > start && Math.abs(samples[end]!) <= threshold) end--;
  const pad = Math.round(CLIP_RATE * 0.02);
  start = Math.max(0, start - pad);
  return samples.slice(start, Math.min(samples.length, end + pad));
}

function normalise(samples: Int16Array): Int16Array {
  const peak = samples.reduce((m, s) => Math.max(m, Math.abs(s)), 1);
  const gain = (0.8 * 32767) / peak;
  return samples.map((s) => Math.round(s * gain));
}

try {
  SPOKEN.forEach((word, digit) => {
    const raw = path.join(tmp, `${digit}.wav`);
    execFileSync('espeak-ng', ['-v', 'cmn', '-s', '120', '-w', raw, word]);
    const { samples, rate } = readWav(fs.readFileSync(raw));
    fs.writeFileSync(path.join(out, `${digit}.wav`), writeWav(normalise(trim(resample(samples, rate)))));
  });
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
