/**
 * docs/architecture.md "Server actions": every server action is made by the one gate (lib/actions/define-action.ts),
 * held by ESLint's `actions/through-gate` (eslint/action-gate.mjs). Each case is linted with the project's own
 * config under a real path (lintText with a filePath), so this proves `npm run lint` fails on an action written
 * by hand, and passes the shape the action files use.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const FILE = 'components/members/layer-fixture.ts';

let eslint: ESLint;
beforeAll(async () => {
  // import/no-cycle reads the linted file from disk and throws for a text linted under a path that does not exist
  // (test/layer-rules.test.ts); it is not what this file tests.
  eslint = new ESLint({ cwd: root, overrideConfig: { files: ['**/*.{ts,tsx}'], rules: { 'import/no-cycle': 'off' } } });
  // Loading the config and its plugins is the slow part: do it once here, not inside the first test.
  await eslint.lintText('export {};\n', { filePath: path.join(root, FILE) });
});

/** The messages of one rule for `code` placed at `filePath`. */
async function errorsOf(ruleId: string, code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  expect(fatal, 'the fixture parses').toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const gateErrors = (code: string, filePath = FILE) => errorsOf('actions/through-gate', code, filePath);
const CLIENT_FILE = 'components/overlays/layer-fixture.tsx';
const clientErrors = (code: string) => errorsOf('actions/client-writes-through-submission', code, CLIENT_FILE);

const PRELUDE = `'use server';
import { z } from 'zod';
import { defineAction, type ActionResult } from '@/lib/actions/define-action';
const input = z.strictObject({ name: z.string() });
`;
const GATED = `export const saveAction = defineAction(input, async (i) => ({ ok: true, name: i.name }), { member: true, invalid: '资料格式不正确' });\n`;

describe('actions only through the gate (eslint actions/through-gate)', () => {
  it('passes a gated action and type exports', async () => {
    expect(await gateErrors(`${PRELUDE}export type SaveResult = ActionResult<{ name: string }>;\nexport interface X { a: 1 }\n${GATED}`)).toEqual([]);
  });

  it('refuses an action written by hand: an async function, an arrow, a default export', async () => {
    const byHand = `${PRELUDE}export async function saveAction(raw: unknown) { return { ok: true, raw }; }\n`;
    expect(await gateErrors(byHand)).toHaveLength(1);
    expect(await gateErrors(`${PRELUDE}export const saveAction = async (raw: unknown) => ({ ok: true, raw });\n`)).toHaveLength(1);
    expect(await gateErrors(`${PRELUDE}export default async function save() { return { ok: true }; }\n`)).toHaveLength(1);
    // The same function is fine in a module that is not 'use server' (a helper, not an action).
    expect(await gateErrors(byHand.replace("'use server';", ''))).toEqual([]);
  });

  it('refuses a call of anything but the imported gate, and exports that hide what they are', async () => {
    expect(await gateErrors(`${PRELUDE}const defineAction2 = defineAction;\nexport const a = defineAction2(input, async () => ({ ok: true }), { member: false, invalid: '无效' });\n`)).toHaveLength(1);
    expect(await gateErrors(`'use server';\nconst defineAction = (f: unknown) => f;\nexport const a = defineAction(async () => ({ ok: true }));\n`)).toHaveLength(1);
    expect(await gateErrors(`${PRELUDE}${GATED.replace('export const', 'const')}export { saveAction };\n`)).toHaveLength(1);
    expect(await gateErrors(`'use server';\nexport { loginWithPasswordAction } from '@/components/overlays/actions';\n`)).toHaveLength(1);
    expect(await gateErrors(`'use server';\nexport * from '@/components/overlays/actions';\n`)).toHaveLength(1);
    expect(await gateErrors(`${PRELUDE}export let saveAction = defineAction(input, async () => ({ ok: true }), { member: false, invalid: '无效' });\n`)).toHaveLength(1);
  });

  it("refuses an inline 'use server' action in a page or component", async () => {
    const inline = `export default function Page() {\n  async function save() {\n    'use server';\n    return { ok: true };\n  }\n  return save;\n}\n`;
    expect(await gateErrors(inline, 'app/(member)/layer-fixture.tsx')).toHaveLength(1);
    expect(await gateErrors(inline.replace("'use server';", "'use strict';"), 'app/(member)/layer-fixture.tsx')).toEqual([]);
  });
});

/** A client component that sends an SMS code, the way the SMS field did before (a pending flag of its own). */
const CLIENT_PRELUDE = `'use client';
import { useState } from 'react';
import { useSubmission } from '@/components/ui/use-submission';
import { sendSmsCodeAction, type PhoneCheckResult } from './actions';
export type R = PhoneCheckResult;
`;

describe('every client write through one idiom (eslint actions/client-writes-through-submission)', () => {
  it('refuses a server action called with a pending flag of its own, or handed to an event', async () => {
    const byHand = `${CLIENT_PRELUDE}export function F() {
  const [sending, setSending] = useState(false);
  async function send() {
    setSending(true);
    try { await sendSmsCodeAction('13800000001', 'login'); } finally { setSending(false); }
  }
  return <button disabled={sending} onClick={send}>获取验证码</button>;
}
`;
    expect(await clientErrors(byHand)).toHaveLength(1);
    expect(await clientErrors(`${CLIENT_PRELUDE}export const F = () => <button onClick={() => sendSmsCodeAction('1', 'login')}>x</button>;\n`)).toHaveLength(1);
  });

  it('passes the action inside run() of useSubmission, also renamed, and a form posted to useActionState', async () => {
    const submitted = `${CLIENT_PRELUDE}export function F() {
  const { pending, run } = useSubmission(() => {});
  const { run: again } = useSubmission(() => {});
  const send = () => run(async () => { await sendSmsCodeAction('13800000001', 'login'); });
  const resend = () => again(async () => { await sendSmsCodeAction('13800000001', 'login'); });
  return <button disabled={pending} onClick={() => { send(); resend(); }}>获取验证码</button>;
}
`;
    expect(await clientErrors(submitted)).toEqual([]);
    const form = `'use client';
import { useActionState } from 'react';
import { payRegistrationAction } from '@/components/booking/actions';
export function F() {
  const [state, action] = useActionState(payRegistrationAction, null);
  return <form action={action}>{String(state)}</form>;
}
`;
    expect(await clientErrors(form)).toEqual([]);
  });

  it('refuses a fetch that writes outside run(); a read is fine', async () => {
    const logout = `'use client';
import { useSubmission } from '@/components/ui/use-submission';
export function F() {
  const { run } = useSubmission(() => {});
  const bad = () => fetch('/session/logout', { method: 'POST' });
  const good = () => run(async () => { await fetch('/session/logout', { method: 'post' }); });
  const read = () => fetch('/session/member', { method: 'GET' });
  return <button onClick={() => { void bad(); good(); void read(); void fetch('/x'); }}>退出登录</button>;
}
`;
    expect(await clientErrors(logout)).toHaveLength(1);
  });

  it('leaves server code alone: a route or an action file may call what it likes', async () => {
    const server = `import { sendSmsCodeAction } from '@/components/overlays/actions';\nexport async function POST() { await fetch('http://127.0.0.1/x', { method: 'POST' }); return sendSmsCodeAction('1', 'login'); }\n`;
    expect(await errorsOf('actions/client-writes-through-submission', server, 'app/session/layer-fixture.ts')).toEqual([]);
  });
});
