/**
 * The site's images. Every one is served as it is (the API's and the public
 * folder's files, `unoptimized` under next/image), so next/image would only
 * add its client component (about 5 KB gzip) to every page's first-load
 * JavaScript (docs/decisions.md). This renders next/image's unoptimized markup without
 * it: lazy loading and async decoding, except a `priority` image, which is
 * preloaded with high fetch priority; `fill` covers the positioned parent.
 * Usable from server and client components alike.
 */
import { preload } from 'react-dom';

type StaticImageProps = {
  src: string;
  alt: string;
  className?: string;
  /** Above the fold (the LCP candidate): preloaded, not lazy. */
  priority?: boolean;
} & ({ width: number; height: number; fill?: never } | { fill: true; width?: never; height?: never });

export function StaticImage({ src, alt, className = '', priority = false, ...size }: StaticImageProps) {
  if (priority) preload(src, { as: 'image', fetchPriority: 'high' });
  return (
    // eslint-disable-next-line @next/next/no-img-element -- unoptimized images: next/image adds only JavaScript here (see above)
    <img
      src={src}
      alt={alt}
      width={size.width}
      height={size.height}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={size.fill ? `absolute inset-0 h-full w-full ${className}` : className || undefined}
    />
  );
}
