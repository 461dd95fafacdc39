#!/usr/bin/env bash
# One-time maintainer step (output committed in public/media/videos): each seeded video of 圣爱视频
# gets its own short clip and poster, drawn locally with ffmpeg (Debian's ffmpeg + fonts-noto-cjk):
# a slowly moving colour field of its own colours and its title. The seed (lib/backend/seed/content.ts,
# VIDEO_CLIPS) points each video at its files. Run: bash scripts/generate-video-clips.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=public/media/videos
font=/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc
mkdir -p "$out"
titles=(
  '圣爱宣传片：让百姓就近看好中医'
  '名医讲堂：秋冬季节如何养肺'
  '八段锦跟练：每天十分钟'
  '走进圣爱中药房：饮片是怎样炼成的'
  '小儿推拿居家手法演示'
  '三伏贴答疑：哪些人适合敷贴'
  '圣爱公益：乡村义诊纪实'
  '艾灸的正确打开方式'
)
colours=('0x256249 0x9cc8b4' '0x7a5a1e 0xe8d3a8' '0x2f7a5d 0xd7ecdf' '0x6b261d 0xe6b8a8' '0x2b5d7a 0xbfdcea' '0x8a6d1f 0xf2e2b0' '0x3f5f2a 0xcfe0b8' '0x862f23 0xf0c8a0')
for i in "${!titles[@]}"; do
  n=$(printf '%02d' $((i + 1)))
  read -r c0 c1 <<<"${colours[$i]}"
  title=${titles[$i]}
  filter="drawtext=fontfile=${font}:text='${title}':fontcolor=white:fontsize=30:x=(w-text_w)/2:y=(h-text_h)/2:shadowcolor=black@0.4:shadowx=2:shadowy=2,drawtext=fontfile=${font}:text='圣爱中医':fontcolor=white@0.85:fontsize=20:x=24:y=20"
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "gradients=s=640x360:c0=${c0}:c1=${c1}:speed=0.02:d=6:r=24" \
    -vf "$filter" -c:v libx264 -preset veryslow -crf 32 -pix_fmt yuv420p -movflags +faststart -an "$out/video-$n.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss 2 -i "$out/video-$n.mp4" -frames:v 1 -q:v 6 "$out/poster-$n.jpg"
done
ls -l "$out"
