/**
 * Test helper: an MP4 file's length in seconds, from its movie header (moov → mvhd: timescale and duration),
 * so a test can hold a video's stated length to the clip it plays. Not imported by the app.
 */
export function mp4Seconds(bytes: Uint8Array): number {
  const data = Buffer.from(bytes);
  const find = (from: number, to: number, type: string): [start: number, end: number] | null => {
    for (let at = from; at + 8 <= to; ) {
      let size = data.readUInt32BE(at);
      const name = data.toString('latin1', at + 4, at + 8);
      let header = 8;
      if (size === 1) {
        size = Number(data.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = to - at;
      if (name === type) return [at + header, at + size];
      at += size;
    }
    return null;
  };
  const moov = find(0, data.length, 'moov');
  if (!moov) throw new Error('no moov box');
  const mvhd = find(moov[0], moov[1], 'mvhd');
  if (!mvhd) throw new Error('no mvhd box');
  const version = data[mvhd[0]]!;
  const timescale = data.readUInt32BE(mvhd[0] + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(data.readBigUInt64BE(mvhd[0] + 24)) : data.readUInt32BE(mvhd[0] + 16);
  return duration / timescale;
}
