/**
 * The answer of a read route behind a kept member shell (docs/decisions.md "Member pages: a kept shell, the
 * member's part read by the browser"): the member's data, or `signedOut` when there is no session (no refresh
 * cookie, or one the host refused, which the route has cleared: SPEC §8). A 503 `{error}` when the API cannot be
 * reached, with the cookies left as they were.
 */
export type MemberRead<T> = { signedOut: true } | { signedOut: false; data: T };
