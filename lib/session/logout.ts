import 'server-only';
/**
 * SPEC §4 logout: OutLogin with the refresh token; only on success the
 * session is cleared (您已退出登录), otherwise 退出失败，请稍后再试. Shared by
 * the logout server action and POST /session/logout (the header's menu uses
 * the route: a server action that clears cookies re-renders the member page
 * it was called from, whose guard then showed 请先登录 before the SPEC §4
 * return to / after 1 s).
 */
import { logout } from '@/lib/api/auth';
import { isApiError } from '@/lib/api/errors';
import { currentRefreshToken, endSession } from './index';

export async function logOut(): Promise<{ ok: boolean }> {
  const refreshToken = await currentRefreshToken();
  try {
    if (refreshToken) await logout(refreshToken);
  } catch (err) {
    // A refresh token the host no longer knows is a finished session: clear it too.
    if (!(isApiError(err) && (err.errorNo === 4003 || err.errorNo === 4001))) return { ok: false };
  }
  await endSession();
  return { ok: true };
}
