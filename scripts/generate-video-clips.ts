/**
 * One-time maintainer step (output committed in public/media/videos): each seeded video of 圣爱视频 gets a clip and
 * a poster of its own, drawn locally with ffmpeg (Debian's ffmpeg + fonts-noto-cjk), as long as the video says it is:
 * content/articles/video/NN.md gives the title, the `duration` in seconds and the `chapters` ("0 热身 | 120 分解动作讲解"),
 * and video-NN.mp4 is a slowly moving colour field of its own colours with the title and the chapter under way.
 * At two frames a second a twenty-minute clip is about 150 KB. The seed reads the same front matter (seed/content.ts).
 * Run: npx tsx scripts/generate-video-clips.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NEWS_TYPES } from '../lib/news-types';
import { readWrittenArticles } from '../lib/backend/seed/articles';

const out = path.join(process.cwd(), 'public', 'media', 'videos');
const font = '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';
const colours = ['0x256249 0x9cc8b4', '0x7a5a1e 0xe8d3a8', '0x2f7a5d 0xd7ecdf', '0x6b261d 0xe6b8a8', '0x2b5d7a 0xbfdcea', '0x8a6d1f 0xf2e2b0', '0x3f5f2a 0xcfe0b8', '0x862f23 0xf0c8a0'];

/** "0 热身 | 120 分解动作讲解" → [[0, '热身'], [120, '分解动作讲解']]. */
export function chaptersOf(text: string): [start: number, name: string][] {
  return text
    .split('|')
    .map((part) => /^\s*(\d+)\s+(.+?)\s*$/.exec(part))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [Number(m[1]), m[2]!]);
}

const videos = readWrittenArticles().filter((a) => a.type === NEWS_TYPES.video);
fs.mkdirSync(out, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'clips-'));
videos.forEach((video, i) => {
  const n = String(i + 1).padStart(2, '0');
  const seconds = Number(video.meta.duration);
  const [c0, c1] = colours[i % colours.length]!.split(' ');
  const text = (name: string, value: string) => {
    const file = path.join(work, `${n}-${name}.txt`);
    fs.writeFileSync(file, value);
    return file;
  };
  const chapters = chaptersOf(video.meta.chapters ?? '');
  const filters = [
    `drawtext=fontfile=${font}:textfile=${text('title', video.title)}:fontcolor=white:fontsize=30:x=(w-text_w)/2:y=(h-text_h)/2:shadowcolor=black@0.4:shadowx=2:shadowy=2`,
    `drawtext=fontfile=${font}:textfile=${text('brand', '圣爱中医')}:fontcolor=white@0.85:fontsize=20:x=24:y=20`,
    ...chapters.map(([start, name], k) => {
      const end = chapters[k + 1]?.[0] ?? seconds;
      return `drawtext=fontfile=${font}:textfile=${text(`chapter-${k}`, name)}:fontcolor=white:fontsize=22:x=24:y=h-48:enable='between(t,${start},${end})'`;
    }),
  ];
  const clip = path.join(out, `video-${n}.mp4`);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `gradients=s=640x360:c0=${c0}:c1=${c1}:speed=0.002:d=${seconds}:r=2`,
    '-vf', filters.join(','), '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '38', '-g', '120', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an', clip]);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', '2', '-i', clip, '-frames:v', '1', '-q:v', '6', path.join(out, `poster-${n}.jpg`)]);
  console.log(`${path.basename(clip)} ${seconds}s ${fs.statSync(clip).size} bytes  ${video.title}`);
});
fs.rmSync(work, { recursive: true, force: true });
