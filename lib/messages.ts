/**
 * The one catalogue of user-facing messages named by SPEC §4 and §8. UI code
 * shows these constants, never a retyped string.
 */
export const messages = {
  /** SPEC §4: every login path. */
  loginSuccess: '登录成功',
  /** SPEC §4: login-required page without a session. */
  loginRequired: '请先登录',
  /** SPEC §4: phone check ReturnCode 2. */
  notRegistered: '未注册账号，请先注册账号',
  /** SPEC §4: WeChat ErrorNo -2 or 3. */
  registerOrActivate: '请先注册或激活',
  /** SPEC §8: the phone check's fallback. */
  systemError: '系统错误，请稍后再试',
  /** SPEC §4: logout success and fallback. */
  logoutSuccess: '您已退出登录',
  logoutFailed: '退出失败，请稍后再试',
  /** SPEC §8: network errors, shown for 5 s. */
  networkError: '网络异常，请检查网络后重试',
  /** A form opened before a release whose server action the new release no longer has (docs/operations.md "Releases"). */
  siteUpdated: '网站已更新，请刷新页面后重试',
  /** SPEC §8: 4003/4001/4004 reset. */
  sessionExpired: '登录已失效，请重新登录',
  /** SPEC §8: triggers not shown; kept ready for the order pages (SPEC §2 member services). */
  orderCancelFailed: '订单取消失败，请重试或联系客服',
  paymentSuccess: '支付成功',
} as const;

export type MessageKey = keyof typeof messages;
