/**
 * SPEC §7 Login (docs/api.md "AuthenticationCenter"): the token pair and the phone check of SMS login.
 */

export interface WireTokens {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  refresh_expires_in?: number;
  /** A login's device token (docs/api.md "Device tokens"). */
  device_token?: string;
}

export interface WirePhoneCheck extends Partial<WireTokens> {
  ReturnCode: number;
  Message?: string;
  DataList?: WireMemberCard[];
}

/** AuthenticationCenter/SendSmsVerifyCode: the code's life and when another may be sent, in seconds. */
export interface WireSmsSent {
  ExpiresIn: number;
  ResendAfter: number;
}

/** AuthenticationCenter/VerifyPhoneCode: the phone whose code was right. */
export interface WirePhoneVerified {
  Phone: string;
  Verified: boolean;
}

/** AuthenticationCenter/RndVcodeNum: an image code's key and its picture (a data: URI of an SVG). */
export interface WireImageCode {
  Key: string;
  Image: string;
  ExpiresIn: number;
}

/** AuthenticationCenter/RndVcodeAudio: the image code read aloud (a data: URI of a WAV). */
export interface WireImageCodeAudio {
  Audio: string;
}

/** AuthenticationCenter/Restapi: the caller's address and its place (Kunming for a local one). */
export interface WireIpLocation {
  IP: string;
  ProvinceID: number;
  ProvinceName: string;
  CityName: string;
  Lat: number;
  Lng: number;
  IsDefault: boolean;
}

/** WechatClient/PcWebUrl: the mobile site's address of a page. */
export interface WireWebUrl {
  Url: string;
  PlatformType: string;
}

/** An offline member card of the phone (PCVipCheckByPhone's ReturnCode 3). */
export interface WireMemberCard {
  CardNo: string;
  HolderName: string;
  LevelID?: number;
  LevelName: string;
  Points: number;
  OrgName: string;
  IssueDate: string;
}
