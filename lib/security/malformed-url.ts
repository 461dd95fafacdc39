/**
 * Next answers 500 when a dynamic segment holds a broken percent-escape
 * (`/doctordetail/%E0%A4%A`): its route matcher's decodeURIComponent throws
 * before any page code runs. proxy.ts turns such paths into the 404 page
 * (docs/security.md: hostile input never yields a 500).
 */
export function hasMalformedEscape(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}
