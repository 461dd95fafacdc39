/**
 * 长者模式 (docs/elder-mode.md): large type, strong contrast, large targets and a simpler header, chosen by the
 * visitor and kept in one cookie. The server reads it (app/layout.tsx), so the first HTML is already in the mode
 * (no flash); every cache keys a page by it (lib/page-vary.ts `SITE_VARY_COOKIES`, nginx's `$shengai_elder`).
 * The mode is CSS (app/globals.css, under `html.elder`) and this cookie: no second app.
 */

/** The cookie: `elder=1` while the mode is on; absent (or any other value) is the usual site. */
export const ELDER_COOKIE = 'elder';
/** The one value the site reads. */
export const ELDER_ON = '1';
/** The class on <html> that switches the CSS of app/globals.css. */
export const ELDER_CLASS = 'elder';
/** A year: a preference, kept until the visitor switches back. */
export const ELDER_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/** The switch's form target (app/session/elder-mode/route.ts). */
export const elderModePath = () => '/session/elder-mode';

export function isElderMode(cookieValue: string | undefined | null): boolean {
  return cookieValue === ELDER_ON;
}
