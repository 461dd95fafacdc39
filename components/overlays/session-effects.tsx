'use client';
/**
 * What the URL asks of the session on any page (SPEC §4):
 * - the guard's marker (?login=required&next=…): 请先登录, the login dialog,
 *   back to / after 2 s; a successful login then continues to `next`;
 * - ?login=open: the login dialog;
 * - a WeChat `code`: PcWechatLogin, unless a login is in progress (the
 *   isWXLogining flag), a member session exists, or noScan=1. ErrorNo -1
 *   opens the login dialog; -2 or 3 the phone validation with 请先注册或激活.
 *   The flag clears after 15 s, or 10 s on failure.
 */
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { LOGIN_REQUIRED_REDIRECT_MS, WECHAT_LOGIN_FAILURE_FLAG_MS, WECHAT_LOGIN_FLAG_MS } from '@/lib/constants';
import { messages } from '@/lib/messages';
import { homePath, safeInternalPath, withQuery } from '@/lib/internal-paths';
import { showToast } from '@/components/ui/toast';
import { submissionFailure, useSubmission } from '@/components/ui/use-submission';
import { wechatLoginAction } from './actions';
import { loginCount, openOverlay, setAfterLoginPath } from './overlay-store';
import { useAfterLogin, useSessionMember } from './use-session';

/** SPEC §3 browser storage key; holds the time the WeChat login started (not a token). */
const WX_FLAG = 'isWXLogining';

function wechatLoginInProgress(): boolean {
  try {
    const until = Number(localStorage.getItem(WX_FLAG) ?? '0');
    return until > Date.now();
  } catch {
    return false;
  }
}

function setWechatFlag(ms: number) {
  try {
    localStorage.setItem(WX_FLAG, String(Date.now() + ms));
    setTimeout(() => {
      if (!wechatLoginInProgress()) localStorage.removeItem(WX_FLAG);
    }, ms + 50);
  } catch {
    /* storage unavailable: the flag only prevents a double login */
  }
}

export function SessionEffects() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  // The WeChat login is a write like any other: one at a time, never retried (docs/decisions.md).
  const { run } = useSubmission((message) => showToast(message, 'error'));
  const session = useSessionMember();
  const afterLogin = useAfterLogin();
  const handledCode = useRef<string | null>(null);

  const login = params.get('login');
  const next = params.get('next');
  useEffect(() => {
    if (login === 'required') {
      setAfterLoginPath(safeInternalPath(next));
      showToast(messages.loginRequired, 'info');
      openOverlay('login', { message: messages.loginRequired });
      // A member who logs in before the timer fires goes on to the page (useAfterLogin), not home.
      const loginsBefore = loginCount();
      const t = setTimeout(() => {
        if (loginCount() === loginsBefore) router.replace(homePath());
      }, LOGIN_REQUIRED_REDIRECT_MS);
      return () => clearTimeout(t);
    }
    if (login === 'open') openOverlay('login');
  }, [login, next, router]);

  const code = params.get('code');
  const noScan = params.get('noScan');
  const known = !session.isPending;
  const isMember = !!session.data;
  useEffect(() => {
    if (!code || noScan === '1' || !known || isMember) return;
    if (handledCode.current === code || wechatLoginInProgress()) return;
    handledCode.current = code;
    setWechatFlag(WECHAT_LOGIN_FLAG_MS);
    const rest = Object.fromEntries([...params.entries()].filter(([k]) => k !== 'code' && k !== 'state'));
    run(async () => {
      const r = await wechatLoginAction(code, params.get('state') ?? '').catch((error: unknown) => ({ ok: false as const, message: submissionFailure(error, messages.networkError), errorNo: undefined }));
      router.replace(withQuery(pathname, rest));
      if (r.ok) {
        await afterLogin();
        return;
      }
      setWechatFlag(WECHAT_LOGIN_FAILURE_FLAG_MS);
      if (r.errorNo === -2 || r.errorNo === 3) openOverlay('phoneCheck', { message: messages.registerOrActivate });
      else if (r.errorNo === -1) openOverlay('login', { message: r.message });
      else showToast(r.message, 'error');
    });
  }, [code, noScan, known, isMember, params, pathname, router, afterLogin, run]);

  return null;
}
