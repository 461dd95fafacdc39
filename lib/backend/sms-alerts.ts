/**
 * What the SMS machinery tells beyond the codes (docs/security.md "A member is never locked out by strangers",
 * "The cost of SMS to numbers never seen"):
 * - a member whose phone's ceiling strangers have tripped (wrong passwords from strangers, strangers' share of the
 *   day's codes) gets one SMS notice per trip, in the SMS outbox of notices (sms_notices), saying that a code still
 *   logs them in;
 * - SMS to numbers never seen (no member, no code ever answered, no client that proved it) are counted against a
 *   site-wide budget an hour (lib/limits.ts smsNewNumbers): past it such a send needs a proof of work (proof.ts),
 *   /metrics counts them and shows the budget as spent, and the log says it once per trip.
 */
import { limitSeconds } from '@/lib/limits';
import { recordNewNumberSms } from '@/lib/observability/metrics';
import { slowerPath } from './proof';
import { TooManyRequests, type Database, type HandlerContext } from './types';

/** The ceilings of a phone that strangers can trip, and how long one trip lasts (one notice per trip). */
const NOTICES = {
  password: {
    kind: 'lockout-password',
    seconds: limitSeconds('loginPhone'),
    text: '【圣爱中医】您的会员账号近期有多次来自陌生设备的错误密码登录尝试，陌生设备的密码登录已暂时受限。您本人可在任何设备上使用短信验证码登录，登录后该设备可继续使用密码登录。如非本人操作，建议修改密码。',
  },
  sms: {
    kind: 'lockout-sms',
    seconds: 86_400,
    text: '【圣爱中医】今日有多个陌生设备为您的手机号申请了验证码。您本人在新设备上仍可获取验证码（需先完成页面上的安全验证）。请勿将验证码告诉他人。',
  },
} as const;

export type TripKind = keyof typeof NOTICES;

/**
 * A ceiling of `phone` has just been found spent by strangers: its member (a phone with no member gets nothing:
 * no SMS to a number nobody registered) gets one notice, unless one of this kind went out within the trip.
 * Answers whether a notice was written.
 */
export function noticeTrip(db: Database, phone: string, kind: TripKind, now: Date): boolean {
  const rule = NOTICES[kind];
  const member = db.prepare("SELECT 1 FROM members WHERE phone = ? AND status = 'active'").get(phone);
  if (!member) return false;
  const since = new Date(now.getTime() - rule.seconds * 1000).toISOString();
  return db
    .transaction(() => {
      const recent = db.prepare('SELECT 1 FROM sms_notices WHERE phone = ? AND kind = ? AND created_at > ?').get(phone, rule.kind, since);
      if (recent) return false;
      db.prepare("INSERT INTO sms_notices (phone, kind, register_no, text, created_at) VALUES (?, ?, '', ?, ?)").run(phone, rule.kind, rule.text, now.toISOString());
      return true;
    })
    .immediate();
}

/** A number never seen: no member, no SMS code of it ever answered, no client that proved it. */
export function isNewNumber(db: Database, phone: string): boolean {
  const seen = db
    .prepare(
      `SELECT 1 FROM members WHERE phone = ?
       UNION ALL SELECT 1 FROM sms_outbox WHERE phone = ? AND used_at IS NOT NULL
       UNION ALL SELECT 1 FROM phone_clients WHERE phone = ? LIMIT 1`,
    )
    .get(phone, phone, phone);
  return !seen;
}

const globalForBudget = globalThis as typeof globalThis & { __shengaiNewNumberBudgetSpent?: boolean };

/**
 * Charges a send to a number never seen to the site's budget (lib/limits.ts smsNewNumbers). Past it, the send
 * takes the slower path: it passes with a solved proof of work, else it is answered with a challenge. The
 * metrics count every such send and whether the budget is spent; the log says when it trips and when it has
 * room again, once each.
 */
export async function chargeNewNumber(ctx: Pick<HandlerContext, 'throttles' | 'settings' | 'fields' | 'now'>): Promise<void> {
  try {
    await ctx.throttles.consume('smsNewNumbers', 'site');
    if (globalForBudget.__shengaiNewNumberBudgetSpent) {
      globalForBudget.__shengaiNewNumberBudgetSpent = false;
      ctx.settings.log('[sms] the budget of SMS to numbers never seen has room again: no proof of work asked');
    }
    recordNewNumberSms('within_budget', false);
  } catch (err) {
    if (!(err instanceof TooManyRequests)) throw err;
    if (!globalForBudget.__shengaiNewNumberBudgetSpent) {
      globalForBudget.__shengaiNewNumberBudgetSpent = true;
      ctx.settings.log('[sms] the budget of SMS to numbers never seen is spent (lib/limits.ts smsNewNumbers): each such send needs a proof of work');
    }
    recordNewNumberSms('past_budget', true);
    await slowerPath(ctx, 'smsNewNumbers', err);
  }
}
