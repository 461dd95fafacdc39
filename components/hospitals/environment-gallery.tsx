import { StaticImage } from '@/components/ui/static-image';
import type { ClinicImage } from '@/lib/api/clinics';
import { EmptyState } from '@/components/ui/empty-state';

/** The clinic's environment images (GetOrgEnvironmentImage), each with its caption. */
export function EnvironmentGallery({ images, clinicName }: { images: ClinicImage[]; clinicName: string }) {
  if (images.length === 0) return <EmptyState title="暂无环境图片" />;
  return (
    <ul className="grid grid-cols-3 gap-4">
      {images.map((img) => (
        <li key={img.id}>
          <figure className="overflow-hidden rounded-lg border border-stone-200 bg-white">
            <StaticImage src={img.url} alt={`${clinicName}${img.title}`} width={640} height={400} className="aspect-[16/10] w-full object-cover" />
            <figcaption className="px-3 py-2 text-sm text-stone-700">{img.title}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
