import { StaticImage } from '@/components/ui/static-image';

/**
 * The heading band of a content section, over its banner image
 * (GetNewsBanner; the about-us banner of SPEC §2 on the about pages).
 */
export function SectionBanner({ title, subtitle, image }: { title: string; subtitle?: string; image?: string | null }) {
  return (
    <div className="relative isolate overflow-hidden bg-brand-800 text-white">
      {image ? (
        <StaticImage src={image} alt="" fill priority className="-z-10 object-cover" />
      ) : null}
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-black/45 to-black/5" aria-hidden="true" />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h1 className="text-3xl font-bold tracking-widest">{title}</h1>
        {subtitle ? <p className="mt-3 text-lg text-white/90">{subtitle}</p> : null}
      </div>
    </div>
  );
}
