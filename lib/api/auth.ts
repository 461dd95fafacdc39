import 'server-only';
/**
 * AuthenticationCenter (SPEC §7 Auth) calls that obtain or drop tokens. These
 * are made without a member's token; lib/session and the token client use them.
 */
import { post } from './client';
import type { TokenPair } from './types';
import { proofField, type WireProofSolution, type WireTokens } from '@/lib/contract';

/** TokenPair plus the refresh token's lifetime, for cookie expiry, and a login's device token. */
export interface IssuedTokens extends TokenPair {
  refreshExpiresIn?: number;
  /** Kept in the device cookie (lib/session/device.ts): the browser keeps its own allowance for this member. */
  deviceToken?: string;
}

function reshapeTokens(result: WireTokens): IssuedTokens {
  if (!result || typeof result.access_token !== 'string' || !result.access_token) {
    throw new TypeError('token response without access_token');
  }
  return {
    accessToken: result.access_token,
    refreshToken: typeof result.refresh_token === 'string' ? result.refresh_token : '',
    expiresIn: typeof result.expires_in === 'number' ? result.expires_in : undefined,
    refreshExpiresIn: typeof result.refresh_expires_in === 'number' ? result.refresh_expires_in : undefined,
    ...(typeof result.device_token === 'string' && result.device_token ? { deviceToken: result.device_token } : {}),
  };
}

/** SPEC §1: an anonymous visitor token (no refresh token). */
export async function getVisitorToken(): Promise<IssuedTokens> {
  return reshapeTokens(await post('AuthenticationCenter/GetVisitorToken', {}, { write: true }));
}

/** SPEC §4 / §8: rotate the refresh token. */
export async function refreshTokens(refreshToken: string): Promise<IssuedTokens> {
  return reshapeTokens(
    await post('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: refreshToken }, { write: true }),
  );
}

export async function loginWithPassword(phone: string, password: string, proof?: WireProofSolution): Promise<IssuedTokens> {
  return reshapeTokens(
    await post('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: password, ...proofField(proof) }, { write: true }),
  );
}

/** SPEC §4 logout: sends the refresh token; the backend revokes its family. */
export async function logout(refreshToken: string): Promise<void> {
  await post('AuthenticationCenter/OutLogin', { refresh_token: refreshToken }, { write: true });
}

export async function loginWithSms(phone: string, code: string, proof?: WireProofSolution): Promise<IssuedTokens> {
  return reshapeTokens(await post('AuthenticationCenter/PcPhoneLogin', { Phone: phone, Code: code, ...proofField(proof) }, { write: true }));
}

/** SPEC §4 WeChat login by the `code` of the URL query. ErrorNo -1, -2 and 3 arrive as ApiError. */
export async function loginWithWechat(code: string): Promise<IssuedTokens> {
  return reshapeTokens(await post('AuthenticationCenter/PcWechatLogin', { Code: code }, { write: true }));
}

export type SmsPurpose = 'login' | 'register' | 'reset' | 'activate' | 'check';

/**
 * Sends an SMS code. ApiError.result.NeedImgCode asks for the image code (getImageCode) first; NeedProof for a
 * proof of work (lib/contract/proof.ts), sent back as `proof`.
 */
export async function sendSmsCode(
  phone: string,
  purpose: SmsPurpose,
  image?: { key: string; code: string },
  clientIp?: string,
  proof?: WireProofSolution,
): Promise<{ resendAfterSeconds: number }> {
  const r = await post(
    'AuthenticationCenter/SendSmsVerifyCode',
    { Phone: phone, Type: purpose, ImgKey: image?.key, ImgCode: image?.code, ...proofField(proof) },
    { write: true, clientIp },
  );
  return { resendAfterSeconds: r.ResendAfter };
}

export async function verifyPhoneCode(phone: string, code: string, proof?: WireProofSolution): Promise<void> {
  await post('AuthenticationCenter/VerifyPhoneCode', { Phone: phone, Code: code, ...proofField(proof) }, { write: true });
}

export interface ImageCode {
  key: string;
  /** A data: URI of an SVG image. */
  image: string;
}

export async function getImageCode(): Promise<ImageCode> {
  const r = await post('AuthenticationCenter/RndVcodeNum', {}, { write: true });
  return { key: r.Key, image: r.Image };
}

/**
 * The live image code of `key`, spoken (RndVcodeAudio, docs/elder-mode.md): the WAV file's bytes. The API
 * refuses a code that has expired or been spent, and counts each answer against the image codes' throttle.
 */
export async function getImageCodeAudio(key: string): Promise<Buffer> {
  const r = await post('AuthenticationCenter/RndVcodeAudio', { Key: key }, { write: true });
  const base64 = /^data:audio\/wav;base64,([A-Za-z0-9+/=]+)$/.exec(r.Audio)?.[1];
  if (!base64) throw new Error('RndVcodeAudio answered no WAV data');
  return Buffer.from(base64, 'base64');
}

export interface MemberCard {
  cardNo: string;
  holderName: string;
  levelName: string;
  points: number;
  orgName: string;
  issueDate: string;
}

/** SPEC §4 phone check: 4 logged in (tokens), 3 cards to activate, 2 not registered. */
export type PhoneCheck =
  | { returnCode: 4; tokens: IssuedTokens }
  | { returnCode: 3; message: string; cards: MemberCard[] }
  | { returnCode: 2; message: string }
  | { returnCode: number; message: string };

export async function checkPhone(phone: string, code: string, proof?: WireProofSolution): Promise<PhoneCheck> {
  const r = await post('VIP_Member/PCVipCheckByPhone', { Phone: phone, Code: code, ...proofField(proof) }, { write: true });
  if (r.ReturnCode === 4) return { returnCode: 4, tokens: reshapeTokens(r as WireTokens) };
  if (r.ReturnCode === 3) {
    return {
      returnCode: 3,
      message: r.Message ?? '',
      cards: (r.DataList ?? []).map((c) => ({
        cardNo: c.CardNo,
        holderName: c.HolderName,
        levelName: c.LevelName,
        points: c.Points,
        orgName: c.OrgName,
        issueDate: c.IssueDate,
      })),
    };
  }
  return { returnCode: r.ReturnCode, message: r.Message ?? '' };
}

export async function activateCard(input: { phone: string; code: string; cardNo: string; password: string; proof?: WireProofSolution }): Promise<IssuedTokens> {
  return reshapeTokens(
    await post(
      'VIP_Member/ActivationPcVipCard',
      { Phone: input.phone, Code: input.code, CardNo: input.cardNo, Password: input.password, ...proofField(input.proof) },
      { write: true },
    ),
  );
}

export async function registerMember(input: {
  phone: string;
  code: string;
  name: string;
  password: string;
  idCard?: string;
  agreed: boolean;
  proof?: WireProofSolution;
}): Promise<IssuedTokens> {
  return reshapeTokens(
    await post(
      'VIP_Member/InsertPCVip',
      {
        Phone: input.phone,
        Code: input.code,
        VipName: input.name,
        Password: input.password,
        IDCard: input.idCard,
        AgreeFlag: input.agreed ? 1 : 0,
        ...proofField(input.proof),
      },
      { write: true },
    ),
  );
}

export async function resetPassword(input: { phone: string; code: string; password: string; proof?: WireProofSolution }): Promise<void> {
  await post('VIP_Member/ResetPwd', { Phone: input.phone, Code: input.code, Password: input.password, ...proofField(input.proof) }, { write: true });
}

/** SPEC §1: the mobile client address for a page (proxy.ts). */
export async function getMobileUrl(input: { platform: string; path: string; query: string }): Promise<string> {
  const r = await post('WechatClient/PcWebUrl', {
    PlatformType: input.platform,
    url: input.path,
    Parms: input.query,
  });
  return r.Url;
}

/** Development aid of the embedded backend (tests and trying the site by hand). */
export async function devWechatAuthorize(openId?: string): Promise<string> {
  return (await post('Dev/WechatAuthorize', { OpenID: openId }, { write: true })).Code;
}
