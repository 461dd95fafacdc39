import { Link } from '@/components/ui/link';
import { MemberPointsBadge } from '@/components/points/member-points';
import { formatDate } from '@/lib/format';
import type { MemberCardView } from './member-home-view';
import { routes } from '@/lib/routes';

/** The member's card on /userIndex: name, masked phone, card number, level, live points (万). */
export function MemberProfileCard({ profile }: { profile: MemberCardView }) {
  return (
    <section aria-labelledby="profile-heading" className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      <div className="flex items-center justify-between bg-gradient-to-r from-brand-800 to-brand-600 px-8 py-6 text-white">
        <div className="flex items-center gap-5">
          <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-white/15 font-serif text-2xl font-bold">
            {profile.name.slice(0, 1)}
          </span>
          <div>
            <h2 id="profile-heading" className="text-2xl font-bold">
              {profile.name}
            </h2>
            <p className="mt-1 text-brand-50">
              {profile.levelName} · 卡号 {profile.cardNo || '—'}
            </p>
          </div>
        </div>
        <Link href={routes.modifyInfo()} className="rounded-lg border border-white/70 px-4 py-2 text-sm hover:bg-white/10">
          编辑资料
        </Link>
      </div>
      <dl className="grid grid-cols-4 gap-y-4 divide-stone-100 px-2 py-5 text-center md:divide-x">
        <div>
          <dt className="text-sm text-stone-600">手机号</dt>
          <dd className="mt-1 font-medium text-stone-900">{profile.phoneMasked}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">会员等级</dt>
          <dd className="mt-1 font-medium text-stone-900">{profile.levelName}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">可用积分</dt>
          <dd className="mt-1 flex justify-center">
            <MemberPointsBadge initial={profile.points} label="" />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">入会时间</dt>
          <dd className="mt-1 font-medium text-stone-900">{formatDate(profile.memberSince) || '—'}</dd>
        </div>
      </dl>
    </section>
  );
}
