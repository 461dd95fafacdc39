import type { PriceItem, RegisterFee } from '@/lib/api/price-list';

/** Yuan as a clinic's price board writes it: 18元, 0.5元; 0 is 免费. */
export function formatYuan(yuan: number): string {
  return yuan === 0 ? '免费' : `${Number(yuan.toFixed(2))}元`;
}

const feeOf = (f: RegisterFee) => (f.minFee === f.maxFee ? formatYuan(f.minFee) : `${formatYuan(f.minFee)}—${formatYuan(f.maxFee)}`);

const cell = 'border-t border-stone-100 px-4 py-3';
const head = 'px-4 py-3 text-left font-medium';

/** 挂号费 by doctor's title (the doctors' own fees, DD_DataBaseClient/GetPriceList). */
export function RegisterFeeTable({ fees }: { fees: RegisterFee[] }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">挂号费（按医生职称）</caption>
      <thead className="bg-stone-50 text-stone-700">
        <tr>
          <th scope="col" className={head}>医生职称</th>
          <th scope="col" className={`${head} text-right`}>挂号费</th>
        </tr>
      </thead>
      <tbody>
        {fees.map((f) => (
          <tr key={f.title}>
            <th scope="row" className={`${cell} text-left font-normal text-stone-900`}>{f.title}</th>
            <td className={`${cell} text-right font-semibold text-brand-700`}>{feeOf(f)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The common treatment prices, one table per category, in the order the clinics publish them. */
export function PriceItemTables({ items }: { items: PriceItem[] }) {
  const categories = [...new Set(items.map((i) => i.category))];
  return (
    <div className="space-y-6">
      {categories.map((category) => (
        <table key={category} className="w-full border-collapse text-sm">
          <caption className="mb-2 text-left font-semibold text-stone-900">{category}</caption>
          <thead className="bg-stone-50 text-stone-700">
            <tr>
              <th scope="col" className={head}>项目</th>
              <th scope="col" className={`${head} w-24`}>计价单位</th>
              <th scope="col" className={`${head} w-28 text-right`}>价格</th>
              <th scope="col" className={head}>说明</th>
            </tr>
          </thead>
          <tbody>
            {items
              .filter((i) => i.category === category)
              .map((i) => (
                <tr key={i.id}>
                  <th scope="row" className={`${cell} text-left font-normal text-stone-900`}>{i.name}</th>
                  <td className={`${cell} text-stone-700`}>{i.unit}</td>
                  <td className={`${cell} text-right font-semibold text-brand-700`}>{formatYuan(i.price)}</td>
                  <td className={`${cell} text-stone-600`}>{i.note}</td>
                </tr>
              ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
