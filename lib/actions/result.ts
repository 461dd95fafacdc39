/**
 * What every server action answers (docs/architecture.md "Server actions"): a plain object, never a thrown
 * error at the UI (STYLE.md §5). `ok: true` carries the action's own fields; a failure carries one Chinese
 * message to show, `sessionExpired` when the member must log in again (no session, or the API reset it,
 * SPEC §8), the API's `errorNo` when it refused the call, and the action's own extra fields `E` (a refusal's
 * reason, a form's field messages). A type only, so client components import it too.
 */
export type ActionFailure<E extends object = object> = {
  ok: false;
  message: string;
  /** The member must log in again: no session, or the API reset it (SPEC §8). */
  sessionExpired?: boolean;
  /** The API's ErrorNo when it refused the call (SPEC §8), for a UI that branches on it. */
  errorNo?: number;
} & Partial<E>;

export type ActionResult<T extends object = object, E extends object = object> = ({ ok: true } & T) | ActionFailure<E>;
