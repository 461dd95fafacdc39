import { StaticImage } from '@/components/ui/static-image';
import type { MatrixGroup } from '@/lib/api/news';
import type { ThirdApp } from '@/lib/api/site-info';

/** The social-media matrix (GetTW_MatrixType/Detail) and the apps (GetThirdAppInfo), with their QR codes. */
export function SocialMatrix({ groups, apps }: { groups: MatrixGroup[]; apps: ThirdApp[] }) {
  const cards = [
    ...groups.flatMap((g) => g.accounts.map((a) => ({ key: `m${a.id}`, platform: g.name, icon: g.icon, name: a.name, account: a.account, description: a.description, qr: a.qrImage }))),
    ...apps.map((a) => ({ key: `a${a.id}`, platform: '应用', icon: '', name: a.name, account: '', description: a.description, qr: a.qrImage })),
  ];
  return (
    <ul className="grid grid-cols-3 gap-5 lg:grid-cols-6">
      {cards.map((c) => (
        <li key={c.key} className="flex flex-col items-center rounded-xl border border-stone-200 bg-white p-4 text-center shadow-sm">
          <StaticImage src={c.qr} alt={`${c.platform}“${c.name}”二维码`} width={120} height={120} className="h-28 w-28" />
          <p className="mt-3 flex items-center gap-1.5 text-sm font-semibold text-stone-900">
            {c.icon ? <StaticImage src={c.icon} alt="" width={20} height={20} /> : null}
            {c.name}
          </p>
          <p className="mt-1 text-xs text-stone-600">
            {c.platform}
            {c.account ? ` · ${c.account}` : ''}
          </p>
          <p className="mt-1 line-clamp-2 text-xs text-stone-600">{c.description}</p>
        </li>
      ))}
    </ul>
  );
}
