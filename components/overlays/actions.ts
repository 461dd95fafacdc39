'use server';
/**
 * Server actions of the membership overlays (SPEC §4). The browser
 * never sees a token: each action checks the Origin, validates its input with
 * SPEC §5 rules before any call, calls lib/api, and stores the tokens in the
 * httpOnly cookies (lib/session). Errors come back as ActionResult messages.
 */
import {
  activateCard,
  checkPhone,
  loginWithPassword,
  loginWithSms,
  loginWithWechat,
  registerMember,
  resetPassword,
  sendSmsCode,
  verifyPhoneCode,
  type IssuedTokens,
  type SmsPurpose,
} from '@/lib/api/auth';
import { isApiError } from '@/lib/api/errors';
import { answerTooManyRequests } from '@/lib/security/answer-status';
import { messages } from '@/lib/messages';
import { currentRefreshToken, startSession } from '@/lib/session';
import { requestClientIp } from '@/lib/session/client-ip';
import { requestIsSameOrigin } from '@/lib/session/origin';
import { takeWechatState } from '@/lib/session/wechat-state';
import { type Validation } from '@/lib/validation';
import {
  activateCardInput,
  imageCodeInput,
  passwordLoginInput,
  phoneCodeInput,
  registerInput,
  resetPasswordInput,
  smsSendInput,
  wechatCodeInput,
} from '@/lib/validation/member-schemas';
import { parseInput } from '@/lib/validation/parse-input';
import type { ActionResult, MemberCardView } from './types';

const FORBIDDEN: ActionResult = { ok: false, message: '请求来源无效，请刷新页面后重试' };
/** Shown only when a schema's own message is not a visitor's (the SPEC §5 rules all have one). */
const INVALID = '输入内容有误，请检查后重试';

class InvalidInput extends Error {}

function valid<T>(v: Validation<T>): T {
  if (!v.ok) throw new InvalidInput(v.message);
  return v.value;
}

/** Runs an action body: origin check, validation errors and API errors become messages. */
async function guarded<T extends object>(body: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  if (!(await requestIsSameOrigin())) return FORBIDDEN;
  try {
    return await body();
  } catch (err) {
    if (err instanceof InvalidInput) return { ok: false, message: err.message };
    if (isApiError(err)) {
      // A spent limit reaches nginx and monitoring as 429 with Retry-After, the message as usual (docs/security.md).
      if (err.retryAfterSeconds) answerTooManyRequests(err.retryAfterSeconds);
      const result = err.result as { NeedImgCode?: boolean } | null;
      return { ok: false, message: err.errorInfo, errorNo: err.errorNo, needImageCode: !!result?.NeedImgCode };
    }
    console.error('[overlays] action failed:', err);
    return { ok: false, message: messages.systemError };
  }
}

async function signedIn(tokens: IssuedTokens): Promise<ActionResult<{ name: string }>> {
  const session = await startSession(tokens);
  return { ok: true, name: session?.vipInfo.name ?? '' };
}

export async function loginWithPasswordAction(phone: string, password: string) {
  return guarded(async () => {
    const i = valid(parseInput(passwordLoginInput, { phone, password }, INVALID));
    return signedIn(await loginWithPassword(i.phone, i.password));
  });
}

export async function sendSmsCodeAction(
  phone: string,
  purpose: SmsPurpose,
  image?: { key: string; code: string },
): Promise<ActionResult<{ resendAfterSeconds: number }>> {
  return guarded<{ resendAfterSeconds: number }>(async () => {
    const i = valid(parseInput(smsSendInput, { phone, purpose }, INVALID));
    const img = image ? parseInput(imageCodeInput, image, '请输入4位图形验证码') : undefined;
    if (img && !img.ok) return { ok: false, message: img.message, needImageCode: true };
    const p: SmsPurpose = i.purpose;
    return { ok: true, ...(await sendSmsCode(i.phone, p, img?.value, await requestClientIp())) };
  });
}

export async function loginWithSmsAction(phone: string, code: string) {
  return guarded(async () => {
    const i = valid(parseInput(phoneCodeInput, { phone, code }, INVALID));
    return signedIn(await loginWithSms(i.phone, i.code));
  });
}

export type PhoneCheckResult =
  | { returnCode: 4; name: string }
  | { returnCode: 3; message: string; cards: MemberCardView[] }
  | { returnCode: 2; message: string };

/** SPEC §4 phone check: 4 logged in, 3 card list, 2 register; anything else 系统错误，请稍后再试. */
export async function checkPhoneAction(phone: string, code: string): Promise<ActionResult<PhoneCheckResult>> {
  return guarded<PhoneCheckResult>(async () => {
    const i = valid(parseInput(phoneCodeInput, { phone, code }, INVALID));
    const r = await checkPhone(i.phone, i.code);
    if (r.returnCode === 4 && 'tokens' in r) {
      const session = await startSession(r.tokens);
      return { ok: true, returnCode: 4, name: session?.vipInfo.name ?? '' };
    }
    if (r.returnCode === 3 && 'cards' in r) return { ok: true, returnCode: 3, message: r.message, cards: r.cards };
    if (r.returnCode === 2) return { ok: true, returnCode: 2, message: messages.notRegistered };
    return { ok: false, message: messages.systemError };
  });
}

export async function activateCardAction(input: { phone: string; code: string; cardNo: string; password: string }) {
  return guarded<{ name: string }>(async () => {
    return signedIn(await activateCard(valid(parseInput(activateCardInput, input, INVALID))));
  });
}

export async function registerAction(input: {
  phone: string;
  code: string;
  name: string;
  password: string;
  idCard?: string;
  agreed: boolean;
}) {
  return guarded<{ name: string }>(async () => {
    // The ID card is optional: absent or blank is none; anything else must be a valid number.
    return signedIn(await registerMember(valid(parseInput(registerInput, input, INVALID))));
  });
}

export async function verifyResetCodeAction(phone: string, code: string): Promise<ActionResult> {
  return guarded(async () => {
    const i = valid(parseInput(phoneCodeInput, { phone, code }, INVALID));
    await verifyPhoneCode(i.phone, i.code);
    return { ok: true };
  });
}

export async function resetPasswordAction(input: { phone: string; code: string; password: string }): Promise<ActionResult> {
  return guarded(async () => {
    await resetPassword(valid(parseInput(resetPasswordInput, input, INVALID)));
    return { ok: true };
  });
}

/**
 * SPEC §4 WeChat code login. ErrorNo -1 / -2 / 3 come back in errorNo for the UI's branches.
 * The code counts only with the state this browser was given before it left for
 * WeChat (lib/session/wechat-state.ts): a crafted ?code= link logs nobody in.
 */
export async function wechatLoginAction(code: string, state?: string) {
  return guarded<{ name: string }>(async () => {
    const c = parseInput(wechatCodeInput, code, '微信授权已失效，请重新扫码登录');
    // The state is spent first, whatever the code: a link is good for one try.
    if (!(await takeWechatState(state))) return { ok: false, errorNo: -1, message: '微信授权已失效，请重新扫码登录' };
    if (!c.ok) return { ok: false, errorNo: -1, message: c.message };
    if (await currentRefreshToken()) return { ok: false, message: '您已登录' };
    return signedIn(await loginWithWechat(c.value));
  });
}
