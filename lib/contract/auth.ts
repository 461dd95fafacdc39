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
  DataList?: { CardNo: string; HolderName: string; LevelName: string; Points: number; OrgName: string; IssueDate: string }[];
}
