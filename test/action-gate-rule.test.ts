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
const FILE = 'components/members/gate-fixture.ts';

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // Loading the config and its plugins is the slow part: do it once here, not inside the first test.
  await eslint.lintText('export {};\n', { filePath: path.join(root, FILE) });
});

/** The messages of the gate rule for `code` placed at `filePath`. */
async function gateErrors(code: string, filePath = FILE): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  expect(fatal, 'the fixture parses').toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'actions/through-gate').map((m) => m.message);
}

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
    expect(await gateErrors(inline, 'app/(member)/gate-fixture.tsx')).toHaveLength(1);
    expect(await gateErrors(inline.replace("'use server';", "'use strict';"), 'app/(member)/gate-fixture.tsx')).toEqual([]);
  });
});
