/**
 * The layer table of docs/architecture.md is held by ESLint (eslint.config.mjs). Each fixture in
 * test/fixtures/layers breaks one rule on purpose; it is linted with the project's own config under a path in the
 * layer it would break (lintText with a filePath), so this proves `npm run lint` fails on an upward import, and
 * that the same import is fine where the table allows it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const fixture = (name: string) => fs.readFileSync(path.join(root, 'test/fixtures/layers', name), 'utf8');

let eslint: ESLint;
beforeAll(async () => {
  // import/no-cycle's shortcut (its strongly-connected-components pass) reads the linted file from disk and
  // throws for a text linted under a path that does not exist, as every fixture here is: the slower full walk
  // answers the same.
  eslint = new ESLint({ cwd: root, overrideConfig: { files: ['**/*.{ts,tsx}'], rules: { 'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }] } } });
  // Loading the config and its plugins is the slow part: do it once here, not inside the first test.
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'lib/layer-fixture.ts') });
});

/** The rule ids of every error ESLint reports for `code` placed at `filePath` (repository-relative). */
async function errorsAt(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('the layer rules of eslint.config.mjs', () => {
  it('pages and components link with components/ui/link.tsx (prefetch on intent), never next/link directly', async () => {
    const code = fixture('imports-next-link.tsx');
    expect(await errorsAt(code, 'components/doctors/layer-fixture.tsx')).toEqual(['no-restricted-imports']);
    expect(await errorsAt(code, 'app/(care)/layer-fixture.tsx')).toEqual(['no-restricted-imports']);
    expect(await errorsAt(code, 'components/ui/link.tsx')).toEqual([]);
  });

  it('a write’s pending state has one idiom: useTransition is refused in pages and components', async () => {
    const code = fixture('imports-use-transition.tsx');
    expect(await errorsAt(code, 'components/members/layer-fixture.tsx')).toEqual(['no-restricted-imports']);
    expect(await errorsAt(code, 'app/(member)/layer-fixture.tsx')).toEqual(['no-restricted-imports']);
    expect(await errorsAt(code.replaceAll('useTransition', 'useState'), 'components/members/layer-fixture.tsx')).toEqual([]);
  });

  it('components/ never imports app/', async () => {
    const code = fixture('component-imports-app.ts');
    expect(await errorsAt(code, 'components/help/layer-fixture.ts')).toEqual(['no-restricted-imports']);
    expect(await errorsAt(code, 'app/(help)/layer-fixture.ts')).toEqual([]);
  });

  it('lib/ never imports components/, by alias or by a relative path that climbs', async () => {
    const relative = fixture('lib-imports-component.ts');
    expect(await errorsAt(relative, 'lib/page-cache/layer-fixture.ts')).toEqual(['no-restricted-imports']);
    const alias = relative.replace('../../components/', '@/components/');
    expect(await errorsAt(alias, 'lib/page-cache/layer-fixture.ts')).toEqual(['no-restricted-imports']);
    expect(await errorsAt(alias, 'app/(member)/_lib/layer-fixture.ts')).toEqual([]);
  });

  it('lib/backend never imports lib/api; the rest of lib/ may', async () => {
    const code = fixture('backend-imports-api.ts');
    // lib/backend stands below lib/api on the folder tiers too.
    expect(await errorsAt(code, 'lib/backend/handlers/layer-fixture.ts')).toEqual(['no-restricted-imports', 'layers/folder-tiers']);
    expect(await errorsAt(code, 'lib/page-cache/layer-fixture.ts')).toEqual([]);
  });

  it("a client component never imports a module that imports 'server-only'", async () => {
    const code = fixture('client-imports-server-only.tsx');
    expect(await errorsAt(code, 'components/points/layer-fixture.tsx')).toEqual(['layers/no-server-only-in-client']);
    // The same import in a server component is how pages read the balance.
    const serverComponent = code.replace("'use client';\n", '');
    expect(await errorsAt(serverComponent, 'components/points/layer-fixture.tsx')).toEqual([]);
  });

  it("a client component names the server's own modules as server-only too", async () => {
    const code = "'use client';\nimport { cookies } from 'next/headers';\nimport { createBackend } from '@/lib/backend/router';\nexport const x = [cookies, createBackend];\n";
    expect(await errorsAt(code, 'components/ui/layer-fixture.tsx')).toEqual([
      'layers/no-server-only-in-client',
      'layers/no-server-only-in-client',
    ]);
  });

  it('a client component may import a server action, a type from lib/api and lib/ helpers', async () => {
    expect(await errorsAt(fixture('client-imports-allowed.tsx'), 'components/points/layer-fixture.tsx')).toEqual([]);
  });

  it('inside components/, a folder imports only from folders on lower tiers (no two folders import each other)', async () => {
    // members stands above points (its profile card shows the balance), so points may not import members back.
    const alias = "import { MemberShortcuts } from '@/components/members/member-shortcuts';\nexport const x = MemberShortcuts;\n";
    expect(await errorsAt(alias, 'components/points/layer-fixture.tsx')).toEqual(['layers/folder-tiers']);
    expect(await errorsAt(alias.replace('@/components/members/', '../members/'), 'components/points/layer-fixture.tsx')).toEqual(['layers/folder-tiers']);
    // A type is a tie too.
    expect(await errorsAt("import type { ActionResult } from '@/components/overlays/types';\nexport type X = ActionResult;\n", 'components/ui/layer-fixture.ts')).toEqual([
      'layers/folder-tiers',
    ]);
    // Two folders on one tier never import each other.
    expect(await errorsAt("import { ClinicCard } from '@/components/hospitals/clinic-card';\nexport const x = ClinicCard;\n", 'components/news/layer-fixture.tsx')).toEqual([
      'layers/folder-tiers',
    ]);
    expect(await errorsAt(alias, 'components/layout/layer-fixture.tsx')).toEqual([]);
    expect(await errorsAt(alias, 'components/members/layer-fixture.tsx')).toEqual([]);
    // A folder the table does not name is refused until it takes a tier.
    expect(await errorsAt("import { Link } from '@/components/ui/link';\nexport const x = Link;\n", 'components/newfolder/layer-fixture.tsx')).toEqual([
      'layers/folder-tiers',
    ]);
  });

  it('inside lib/, the same: lib/security sits below lib/session, lib/backend below lib/api', async () => {
    const code = "import { isSameOrigin } from '@/lib/session/origin';\nexport const x = isSameOrigin;\n";
    expect(await errorsAt(code, 'lib/security/layer-fixture.ts')).toEqual(['layers/folder-tiers']);
    expect(await errorsAt(code, 'lib/page-cache/layer-fixture.ts')).toEqual([]);
    const metrics = "import { recordApiCall } from '../observability/metrics';\nexport const x = recordApiCall;\n";
    expect(await errorsAt(metrics, 'lib/backend/layer-fixture.ts')).toEqual([]);
    expect(await errorsAt("import { getBackend } from '@/lib/backend/router';\nexport const x = getBackend;\n", 'lib/observability/layer-fixture.ts')).toEqual([
      'layers/folder-tiers',
    ]);
    // A test may reach across (it is no part of the layers).
    expect(await errorsAt(code, 'lib/security/layer-fixture.test.ts')).toEqual([]);
  });

  it('no import cycle between files: import/no-cycle', async () => {
    // The project's config as it stands (a real file's path, so the rule's shortcut runs as in `npm run lint`):
    // lib/backend/throttles.ts imports lib/limits.ts, and lib/limits.ts importing the throttles back would close a
    // circle. (The rule's shortcut groups files by the import graph on disk, so the file linted here is one that
    // imports nothing on disk: lib/backend/errors.ts now imports the contract's error numbers.)
    const project = new ESLint({ cwd: root });
    const code = "import { createThrottles } from './backend/throttles';\nexport const x = createThrottles;\n";
    const [result] = await project.lintText(code, { filePath: path.join(root, 'lib/limits.ts') });
    // (The folder tiers refuse this import as well: lib/limits.ts is on the ground tier.)
    expect(result?.messages.filter((m) => m.severity === 2).map((m) => m.ruleId)).toContain('import/no-cycle');
    const [clean] = await project.lintText(code.replace('./backend/', './'), { filePath: path.join(root, 'lib/backend/settings.ts') });
    expect(clean?.messages.filter((m) => m.severity === 2).map((m) => m.ruleId)).toEqual([]);
  });

  it('the fixtures themselves are outside `npm run lint`', async () => {
    expect(await eslint.isPathIgnored(path.join(root, 'test/fixtures/layers/component-imports-app.ts'))).toBe(true);
  });

  it('innerHTML is set only by SanitizedHtml and JsonLd, and a SafeHtml is never forged with a cast', async () => {
    const code = fixture('raw-inner-html.tsx');
    expect(await errorsAt(code, 'components/news/layer-fixture.tsx')).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
    expect(await errorsAt(code, 'app/(news)/_lib/layer-fixture.tsx')).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
    const [first] = await eslint.lintText(code, { filePath: path.join(root, 'components/news/layer-fixture.tsx') });
    expect(first?.messages.map((m) => m.line)).toEqual([6, 9]);
  });

  it('a Wire* shape is declared only in lib/contract, on either side of the contract and in components', async () => {
    const code = fixture('wire-outside-contract.ts');
    const twice = ['no-restricted-syntax', 'no-restricted-syntax'];
    expect(await errorsAt(code, 'lib/api/layer-fixture.ts')).toEqual(twice);
    expect(await errorsAt(code, 'lib/backend/handlers/layer-fixture.ts')).toEqual(twice);
    expect(await errorsAt(code, 'lib/backend/handlers/layer-fixture.tsx')).toEqual(twice);
    expect(await errorsAt(code, 'components/points/layer-fixture.tsx')).toEqual(twice);
    expect(await errorsAt(code, 'lib/contract/layer-fixture.ts')).toEqual([]);
    // A name that merely contains "Wire" is not a wire shape.
    expect(await errorsAt(code.replaceAll('WireGadget', 'GadgetWire'), 'lib/api/layer-fixture.ts')).toEqual([]);
  });

  it('lib/contract holds declarations (types, constants, functions) and imports only its own files', async () => {
    const rule = "export const GOODS_SN = /^[A-Za-z0-9]{1,32}$/;\nexport function isGoodsSn(s: string): boolean {\n  return GOODS_SN.test(s);\n}\n";
    expect(await errorsAt(rule, 'lib/contract/layer-fixture.ts')).toEqual([]);
    expect(await errorsAt("export type { WireList } from './envelope';\nexport * from './points';\n", 'lib/contract/layer-fixture.ts')).toEqual([]);
    // (The folder tiers refuse it too, where they apply: lib/contract sits below lib/api.)
    expect(await errorsAt("import { isApiError } from '@/lib/api/errors';\nexport const f = isApiError;\n", 'lib/contract/layer-fixture.ts')).toContain(
      'no-restricted-imports',
    );
    expect(await errorsAt("import { ErrorNo } from '../backend/types';\nexport const e = ErrorNo;\n", 'lib/contract/layer-fixture.ts')).toContain(
      'no-restricted-imports',
    );
    // Nothing runs on import: no statement at the top level, no let.
    expect(await errorsAt("console.log('loaded');\nexport let n = 1;\nexport function bump() {\n  n += 1;\n}\n", 'lib/contract/layer-fixture.ts')).toEqual([
      'no-restricted-syntax',
      'no-restricted-syntax',
    ]);
  });
});
