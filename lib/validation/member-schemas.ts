/**
 * zod schemas of the membership overlays' actions (SPEC §4), built from the SPEC §5 field rules in
 * fields.ts, so the dialogs and the server check the same things with the same Chinese messages.
 * Fields are checked in the order the dialogs show them; the first message is the one shown.
 */
import { z } from 'zod';
import { validateIdCard, validateName, validatePassword, validatePhone, validateSmsCode } from './fields';
import { fromRule } from './parse-input';

/** An action's object argument, or an empty one when a request sent something else (then the fields refuse it). */
export const objectOf = <S extends z.ZodRawShape>(shape: S) =>
  z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}), z.object(shape));

/**
 * A solved proof of work (lib/contract/proof.ts WireProofSolution), sent again with a call the API answered with a
 * challenge. Its shape only: the API checks the rest. Anything else is no proof (the API then asks again).
 */
export const proofInput = z
  .object({
    salt: z.string().max(200),
    challenge: z.string().regex(/^[0-9a-f]{64}$/),
    number: z.number().int().min(0).max(1e9),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .optional()
  .catch(undefined);

const phone = fromRule(validatePhone);
const password = fromRule(validatePassword);
const smsCode = fromRule(validateSmsCode);

export const passwordLoginInput = objectOf({ phone, password, proof: proofInput });

/** Phone and SMS code: SMS login, the phone check, the reset's first step. */
export const phoneCodeInput = objectOf({ phone, code: smsCode, proof: proofInput });

export const SMS_PURPOSES = ['login', 'register', 'reset', 'activate', 'check'] as const;

/** `image` is passed through: the action parses it apart, since its failure asks for a new image code. */
export const smsSendInput = objectOf({ phone, purpose: z.enum(SMS_PURPOSES, { error: '验证码用途无效' }), image: z.unknown().optional(), proof: proofInput });

/** The 4-digit image code the API asks for after several sends (RndVcodeNum). */
export const imageCodeInput = z.object(
  { key: z.string(), code: z.string().regex(/^\d{4}$/) },
  { error: '请输入4位图形验证码' },
);

export const activateCardInput = objectOf({
  cardNo: z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string().regex(/^[A-Za-z0-9]{4,32}$/, '请选择要激活的会员卡')),
  phone,
  code: smsCode,
  password,
  proof: proofInput,
});

/** Absent or blank is no ID card; anything else must be a valid number (SPEC §5). */
const optionalIdCard = z.unknown().optional().transform((v, ctx): string | undefined => {
  if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) return undefined;
  const id = validateIdCard(v);
  if (id.ok) return id.value.number;
  ctx.addIssue({ code: 'custom', message: id.message });
  return z.NEVER;
});

export const registerInput = objectOf({
  agreed: z.literal(true, { error: '请阅读并同意会员服务协议' }),
  idCard: optionalIdCard,
  phone,
  code: smsCode,
  name: fromRule(validateName),
  password,
  proof: proofInput,
});

export const resetPasswordInput = objectOf({ phone, code: smsCode, password, proof: proofInput });

/** WeChat's authorization code: one line of at most 128 characters. */
export const wechatCodeInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : ''),
  z.string().min(1, '微信授权已失效，请重新扫码登录').max(128, '微信授权已失效，请重新扫码登录'),
);
