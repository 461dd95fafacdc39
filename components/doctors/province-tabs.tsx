import { FilterTabs } from '@/components/ui/filter-tabs';
import type { Province } from '@/lib/api/reference';

/** The province chooser (GetProvincetList) as links: the choice is a path segment. */
export function ProvinceTabs({
  provinces,
  current,
  hrefFor,
}: {
  provinces: Province[];
  current: number;
  hrefFor: (provinceId: number) => string;
}) {
  return (
    <FilterTabs
      label="省份"
      options={provinces.map((p) => ({ value: String(p.id), label: p.name }))}
      current={String(current)}
      hrefFor={(v) => hrefFor(Number(v))}
    />
  );
}
