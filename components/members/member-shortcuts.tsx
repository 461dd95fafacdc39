import { Link } from '@/components/ui/link';
import { routes } from '@/lib/routes';

const LINKS = [
  { label: '挂号记录', hint: '预约与就诊记录', href: routes.registrationRecords() },
  { label: '就诊人', hint: '为家人实名预约', href: routes.patients() },
  { label: '我的问诊', hint: '图文问诊与医生回复', href: routes.asks() },
  { label: '积分兑换', hint: '用积分兑换好礼', href: routes.pointsExchange() },
  { label: '兑换记录', hint: '积分商城兑换的商品', href: routes.exchangeRecords() },
  { label: '积分明细', hint: '挂号得积分与扣回', href: routes.pointsLog() },
  { label: '我的留言', hint: '咨询与客服回复', href: routes.customerMessage() },
  { label: '投诉建议', hint: '处理进度与回访', href: routes.customerComplaints() },
  { label: '编辑资料', hint: '姓名、身份证与联系方式', href: routes.modifyInfo() },
];

/** /userIndex links to records, exchanges and messages (SPEC §2 member services). */
export function MemberShortcuts() {
  return (
    <nav aria-label="会员中心">
      <ul className="grid grid-cols-4 gap-4">
        {LINKS.map((l) => (
          <li key={l.label}>
            <Link href={l.href} className="block rounded-xl border border-stone-200 bg-white p-4 hover:border-brand-600 hover:shadow-sm">
              <span className="block font-bold text-brand-700">{l.label}</span>
              <span className="mt-1 block text-sm text-stone-600">{l.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
