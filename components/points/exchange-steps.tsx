/** How an exchange works (积分规则, SYS_Agreement 'points'), shown above the exchange list. */
const STEPS = [
  { title: '登录会员账号', text: '使用手机号登录，查看可用积分。' },
  { title: '挑选心仪商品', text: '按分类或积分筛选，查看商品详情与库存。' },
  { title: '确认兑换', text: '确认所需积分与兑换后余额，积分即时扣除。' },
  { title: '领取或配送', text: '15个工作日内寄出，或到就近门诊领取。' },
];

export function ExchangeSteps() {
  return (
    <ol className="grid grid-cols-4 gap-4">
      {STEPS.map((s, i) => (
        <li key={s.title} className="flex gap-3 rounded-xl border border-stone-200 bg-white p-4">
          <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-jade-700 font-bold text-white">
            {i + 1}
          </span>
          <div>
            <p className="font-medium text-stone-900">{s.title}</p>
            <p className="mt-1 text-sm text-stone-600">{s.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
