'use server';
/**
 * Server actions of the membership overlays (SPEC §4). The browser never sees a token: each action goes
 * through the gate (lib/actions/define-action.ts: Origin, the SPEC §5 rules as zod schemas, API errors as
 * messages, a spent limit as 429), calls lib/api, and stores the tokens in the httpOnly cookies (lib/session).
 */
import { z } from 'zod';
import { defineAction, type ActionFailure } from '@/lib/actions/define-action';
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
import { imageCodeAsked, proofAsked } from '@/lib/api/errors';
import type { WireProofChallenge, WireProofSolution } from '@/lib/contract';
import { messages } from '@/lib/messages';
import { currentRefreshToken, startSession } from '@/lib/session';
import { requestClientIp } from '@/lib/session/client-ip';
import { takeWechatState } from '@/lib/session/wechat-state';
import {
  activateCardInput,
  imageCodeInput,
  objectOf,
  passwordLoginInput,
  phoneCodeInput,
  registerInput,
  resetPasswordInput,
  smsSendInput,
  wechatCodeInput,
} from '@/lib/validation/member-schemas';
import { parseInput } from '@/lib/validation/parse-input';
import type { MemberCardView } from './types';

/** Shown only when a schema's own message is not a visitor's (the SPEC §5 rules all have one). */
const INVALID = '输入内容有误，请检查后重试';

interface ImageCode {
  /** SendSmsVerifyCode asked for the numeric image code first. */
  needImageCode: boolean;
}

/** The API asked for the image code before it sends an SMS (SPEC §4). */
const withImageCode = (failure: ActionFailure<ImageCode>, err: unknown): ActionFailure<ImageCode> =>
  imageCodeAsked(err) ? { ...failure, needImageCode: true } : failure;

interface ProofAsked {
  /** A spent site-wide ceiling asks for a proof of work (docs/security.md "The slower path: a proof of work"). */
  proof: WireProofChallenge;
}

/** The API answered with a challenge instead of acting: the form solves it and sends the same call again (use-proof.tsx). */
const withProof = <E extends object>(failure: ActionFailure<E & ProofAsked>, err: unknown): ActionFailure<E & ProofAsked> => {
  const proof = proofAsked(err);
  return proof ? ({ ...failure, proof } as ActionFailure<E & ProofAsked>) : failure;
};

async function signedIn(tokens: IssuedTokens): Promise<{ ok: true; name: string }> {
  const session = await startSession(tokens);
  return { ok: true, name: session?.vipInfo.name ?? '' };
}

export const loginWithPasswordAction = defineAction<typeof passwordLoginInput, { name: string }, ProofAsked, [phone: string, password: string, proof?: WireProofSolution]>(
  passwordLoginInput,
  async (i) => signedIn(await loginWithPassword(i.phone, i.password, i.proof)),
  { member: false, invalid: INVALID, args: (phone, password, proof) => ({ phone, password, proof }), refine: withProof },
);

export const sendSmsCodeAction = defineAction<
  typeof smsSendInput,
  { resendAfterSeconds: number },
  ImageCode & ProofAsked,
  [phone: string, purpose: SmsPurpose, image?: { key: string; code: string }, proof?: WireProofSolution]
>(
  smsSendInput,
  async (i) => {
    const img = i.image ? parseInput(imageCodeInput, i.image, '请输入4位图形验证码') : undefined;
    if (img && !img.ok) return { ok: false, message: img.message, needImageCode: true };
    return { ok: true, ...(await sendSmsCode(i.phone, i.purpose, img?.value, await requestClientIp(), i.proof)) };
  },
  {
    member: false,
    invalid: INVALID,
    args: (phone, purpose, image, proof) => ({ phone, purpose, image, proof }),
    refine: (failure, err) => withProof(withImageCode(failure, err), err),
  },
);

export const loginWithSmsAction = defineAction<typeof phoneCodeInput, { name: string }, ProofAsked, [phone: string, code: string, proof?: WireProofSolution]>(
  phoneCodeInput,
  async (i) => signedIn(await loginWithSms(i.phone, i.code, i.proof)),
  { member: false, invalid: INVALID, args: (phone, code, proof) => ({ phone, code, proof }), refine: withProof },
);

export type PhoneCheckResult =
  | { returnCode: 4; name: string }
  | { returnCode: 3; message: string; cards: MemberCardView[] }
  | { returnCode: 2; message: string };

/** SPEC §4 phone check: 4 logged in, 3 card list, 2 register; anything else 系统错误，请稍后再试. */
export const checkPhoneAction = defineAction<typeof phoneCodeInput, PhoneCheckResult, ProofAsked, [phone: string, code: string, proof?: WireProofSolution]>(
  phoneCodeInput,
  async (i) => {
    const r = await checkPhone(i.phone, i.code, i.proof);
    if (r.returnCode === 4 && 'tokens' in r) {
      const session = await startSession(r.tokens);
      return { ok: true, returnCode: 4, name: session?.vipInfo.name ?? '' };
    }
    if (r.returnCode === 3 && 'cards' in r) return { ok: true, returnCode: 3, message: r.message, cards: r.cards };
    if (r.returnCode === 2) return { ok: true, returnCode: 2, message: messages.notRegistered };
    return { ok: false, message: messages.systemError };
  },
  { member: false, invalid: INVALID, args: (phone, code, proof) => ({ phone, code, proof }), refine: withProof },
);

export const activateCardAction = defineAction<
  typeof activateCardInput,
  { name: string },
  ProofAsked,
  [input: { phone: string; code: string; cardNo: string; password: string; proof?: WireProofSolution }]
>(activateCardInput, async (i) => signedIn(await activateCard(i)), { member: false, invalid: INVALID, args: (input) => input, refine: withProof });

/** The ID card is optional: absent or blank is none; anything else must be a valid number. */
export const registerAction = defineAction<
  typeof registerInput,
  { name: string },
  ProofAsked,
  [input: { phone: string; code: string; name: string; password: string; idCard?: string; agreed: boolean; proof?: WireProofSolution }]
>(registerInput, async (i) => signedIn(await registerMember(i)), { member: false, invalid: INVALID, args: (input) => input, refine: withProof });

export const verifyResetCodeAction = defineAction<typeof phoneCodeInput, object, ProofAsked, [phone: string, code: string, proof?: WireProofSolution]>(
  phoneCodeInput,
  async (i) => {
    await verifyPhoneCode(i.phone, i.code, i.proof);
    return { ok: true };
  },
  { member: false, invalid: INVALID, args: (phone, code, proof) => ({ phone, code, proof }), refine: withProof },
);

export const resetPasswordAction = defineAction<
  typeof resetPasswordInput,
  object,
  ProofAsked,
  [input: { phone: string; code: string; password: string; proof?: WireProofSolution }]
>(
  resetPasswordInput,
  async (i) => {
    await resetPassword(i);
    return { ok: true };
  },
  { member: false, invalid: INVALID, args: (input) => input, refine: withProof },
);

/** The code is parsed in the handler: the state must be spent first, whatever the code. */
const wechatInput = objectOf({ code: z.unknown(), state: z.unknown() });

/**
 * SPEC §4 WeChat code login. ErrorNo -1 / -2 / 3 come back in errorNo for the UI's branches.
 * The code counts only with the state this browser was given before it left for
 * WeChat (lib/session/wechat-state.ts): a crafted ?code= link logs nobody in.
 */
export const wechatLoginAction = defineAction<typeof wechatInput, { name: string }, object, [code: string, state?: string]>(
  wechatInput,
  async (i) => {
    const c = parseInput(wechatCodeInput, i.code, '微信授权已失效，请重新扫码登录');
    // The state is spent first, whatever the code: a link is good for one try.
    if (!(await takeWechatState(i.state))) return { ok: false, errorNo: -1, message: '微信授权已失效，请重新扫码登录' };
    if (!c.ok) return { ok: false, errorNo: -1, message: c.message };
    if (await currentRefreshToken()) return { ok: false, message: '您已登录' };
    return signedIn(await loginWithWechat(c.value));
  },
  { member: false, invalid: '微信授权已失效，请重新扫码登录', args: (code, state) => ({ code, state }) },
);
