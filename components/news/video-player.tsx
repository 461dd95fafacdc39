/** The native video element with its poster (video pages play with <video>). */
export function VideoPlayer({ src, poster, title }: { src: string; poster?: string; title: string }) {
  return (
    <figure>
      <video
        controls
        preload="metadata"
        playsInline
        poster={poster || undefined}
        className="aspect-video w-full rounded-lg bg-black"
        aria-label={title}
      >
        <source src={src} type="video/mp4" />
        您的浏览器不支持视频播放，请<a href={src}>下载视频</a>观看。
      </video>
      <figcaption className="mt-2 text-center text-sm text-stone-600">{title}</figcaption>
    </figure>
  );
}
