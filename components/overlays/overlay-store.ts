'use client';
/**
 * The one client store of the membership overlays (SPEC §4, ARCHITECTURE
 * "Sessions"): at most one is open, so opening one closes the others.
 */
import { useSyncExternalStore } from 'react';
import { dismissToast } from '@/components/ui/toast';
import { messages } from '@/lib/messages';
import type { MemberCardView } from './types';

/**
 * SPEC §4 names the login, card-list, info, phone-validation and find-password
 * dialogs; the "card list and info" of ReturnCode 3 is one dialog here
 * (cardList: the API's message above the cards).
 */
export type OverlayName = 'login' | 'phoneCheck' | 'cardList' | 'activate' | 'register' | 'findPassword';

export interface OverlayData {
  /** A phone carried from one dialog to the next. */
  phone?: string;
  /** A verified SMS code carried to activation or registration. */
  code?: string;
  /** A message shown at the top of the dialog (e.g. 未注册账号，请先注册账号). */
  message?: string;
  cards?: MemberCardView[];
  cardNo?: string;
}

export interface OverlayState {
  name: OverlayName | null;
  data: OverlayData;
}

let state: OverlayState = { name: null, data: {} };
/** Where a successful login continues (SPEC §4 guard), a same-site path. */
let afterLoginPath: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function openOverlay(name: OverlayName, data: OverlayData = {}) {
  state = { name, data };
  emit();
}

export function closeOverlay() {
  state = { name: null, data: {} };
  emit();
}

export function setAfterLoginPath(path: string | null) {
  afterLoginPath = path;
}

/** Counts logins of this page load: the login-required redirect home checks it before it leaves (SPEC §4). */
let logins = 0;

export function noteLogin() {
  logins += 1;
  // 请先登录 is no longer true: it leaves the screen with the login, not 5 s later.
  dismissToast(messages.loginRequired);
}

export function loginCount(): number {
  return logins;
}

export function takeAfterLoginPath(): string | null {
  const path = afterLoginPath;
  afterLoginPath = null;
  return path;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const initial: OverlayState = { name: null, data: {} };

export function useOverlay(): OverlayState {
  return useSyncExternalStore(subscribe, () => state, () => initial);
}
