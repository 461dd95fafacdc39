/**
 * PCM WAV, mono 16-bit, read and written: the image code's audio alternative (image-code-audio.ts) and the
 * script that makes its digit clips (scripts/generate-digit-clips.ts). Only what those need: one `fmt ` chunk of
 * PCM, one `data` chunk.
 */

/** The clips' and the answer's sample rate: telephone quality, enough for spoken digits. */
export const CLIP_RATE = 8000;

export function readWav(bytes: Buffer): { samples: Int16Array; rate: number } {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let rate = 0;
  let channels = 1;
  let bits = 16;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString('ascii', at, at + 4);
    // espeak-ng writes the streaming size 0x7ffffffff for its data chunk: the rest of the file is the data.
    const size = Math.min(bytes.readUInt32LE(at + 4), bytes.length - at - 8);
    const body = at + 8;
    if (id === 'fmt ') {
      if (bytes.readUInt16LE(body) !== 1) throw new Error('not PCM');
      channels = bytes.readUInt16LE(body + 2);
      rate = bytes.readUInt32LE(body + 4);
      bits = bytes.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (channels !== 1 || bits !== 16) throw new Error('not mono 16-bit');
      const samples = new Int16Array(Math.floor(size / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(body + i * 2);
      return { samples, rate };
    }
    at = body + size + (size % 2);
  }
  throw new Error('no data chunk');
}

export function writeWav(samples: Int16Array, rate = CLIP_RATE): Buffer {
  const data = samples.length * 2;
  const out = Buffer.alloc(44 + data);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + data, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i]!, 44 + i * 2);
  return out;
}
