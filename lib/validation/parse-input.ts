/**
 * The one way a server action or a route handler reads its input (docs/decisions.md "One validation
 * style"): a zod schema built from the SPEC §5 rules of this folder, parsed with `parseInput`. The answer
 * is the clean value or one clear Chinese message, never a thrown error (Next's 500) and never zod's own
 * English text: a message that is not Chinese is replaced by the caller's fallback.
 */
import { z } from 'zod';
import type { Validation } from './fields';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; issues: readonly z.core.$ZodIssue[] };

const CHINESE = /\p{Script=Han}/u;

/** A message to show a visitor: the rule's own Chinese text, else the fallback. */
export function visitorMessage(message: string | undefined, fallback: string): string {
  return message && CHINESE.test(message) ? message : fallback;
}

/**
 * Parses untrusted input (a request's arguments, a form, a query string) with `schema`. On bad input the
 * message is the first issue's Chinese message, or `fallback`; `issues` gives each field's message.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, fallback: string): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: visitorMessage(result.error.issues[0]?.message, fallback), issues: result.error.issues };
}

/** Each field's first message, by the field's name (a form shows it beside the field). */
export function fieldMessages<K extends string>(issues: readonly z.core.$ZodIssue[], fallback: string): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in out)) out[key as K] = visitorMessage(issue.message, fallback);
  }
  return out;
}

/**
 * A zod schema of one SPEC §5 field rule (validatePhone, validateName…): the same check and the same
 * Chinese message as the browser's form, so the two never disagree.
 */
export function fromRule<T>(rule: (input: unknown) => Validation<T>) {
  // `.optional()` first: an absent field reaches the rule (请输入手机号), not zod's own English message.
  return z.unknown().optional().transform((input, ctx): T => {
    const checked = rule(input);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });
}

/** A form field that may be absent or null (then ''), else a string: an array or an object is refused. */
export const optionalText = (message: string) =>
  z
    .string({ error: message })
    .nullish()
    .transform((v) => v ?? '');

/**
 * A query string as a plain object for a schema: a name sent once is a string, a name sent more than once
 * an array (a schema that wants one value refuses it), so `?q=a&q=b` never silently reads as `a`.
 */
export function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const all = params.getAll(name);
    out[name] = all.length === 1 ? all[0]! : all;
  }
  return out;
}
