import type { ClinicSummary } from '@/lib/api/clinics';
import { ClinicMap } from './clinic-map';
import { CopyAddressButton } from './copy-address-button';
import { directionsLinks, hasPosition, mapsKey } from './directions';

/**
 * How to get there (docs/clinic-directions.md): routes in Amap, Baidu and Tencent Maps, the address to
 * copy, the phone to call; on the clinic page, the map too when the maps key is configured.
 */
export function ClinicDirections({ clinic, withMap = false }: { clinic: ClinicSummary; withMap?: boolean }) {
  const links = directionsLinks(clinic);
  const key = withMap ? mapsKey() : null;
  return (
    <div className="space-y-3" data-testid="clinic-directions">
      {key && hasPosition(clinic) ? <ClinicMap mapsKey={key} name={clinic.name} lat={clinic.lat} lng={clinic.lng} /> : null}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {links.length ? <span className="text-stone-600">到这里去：</span> : null}
        {links.map((l) => (
          <a
            key={l.app}
            href={l.href}
            target="_blank"
            rel="noopener noreferrer"
            data-app={l.app}
            className="rounded-md border border-jade-600 px-3 py-1.5 text-jade-700 hover:bg-jade-50"
          >
            {l.label}
            <span className="sr-only">（在新窗口打开路线）</span>
          </a>
        ))}
        <CopyAddressButton address={clinic.address} />
        <a href={`tel:${clinic.phone.replace(/[^\d+-]/g, '')}`} className="rounded-md border border-stone-300 px-3 py-1.5 text-stone-700 hover:border-brand-600 hover:text-brand-700">
          拨打电话
        </a>
      </div>
    </div>
  );
}
