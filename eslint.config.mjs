import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { actionsPlugin } from './eslint/action-gate.mjs';
import { layersPlugin } from './eslint/client-server-boundary.mjs';
import { COMPONENT_TIERS, LIB_TIERS } from './eslint/folder-tiers.mjs';

/**
 * The layer table of docs/architecture.md, held by the linter: an import that runs back up the layers fails
 * `npm run lint` (and so `npm test`). Each pattern matches the `@/` alias and a relative path that climbs into
 * the folder. test/layer-rules.test.ts proves each rule with a fixture file.
 */
const upInto = (folder) => `^(@/|(\\.\\./)+)${folder}(/|$)`;
const noApp = { regex: upInto('app'), message: 'Only app/ imports app/: move what is shared down into components/ or lib/ (docs/architecture.md).' };
const noComponents = { regex: upInto('components'), message: 'lib/ never imports components/: move the shared part into lib/ (docs/architecture.md).' };
const noApi = {
  regex: `${upInto('lib/api')}|^\\.\\./api(/|$)|^\\.\\./\\.\\./api(/|$)`,
  message: 'lib/backend never imports lib/api: shared wire shapes live in lib/contract (docs/architecture.md).',
};

/** innerHTML is set in two places only, each taking a branded type that one module makes (docs/architecture.md). */
const innerHtml = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Render sanitized HTML with <SanitizedHtml html={…} /> (components/ui/sanitized-html.tsx) and JSON-LD with <JsonLd />.',
};
const brandCast = (type, maker) => ({
  selector: `:matches(TSAsExpression, TSTypeAssertion) > TSTypeReference[typeName.name='${type}']`,
  message: `Only ${maker} makes a ${type}: call it instead of casting.`,
});
const safeHtmlCast = brandCast('SafeHtml', 'lib/sanitize.ts');
const jsonLdCast = brandCast('JsonLdText', 'lib/json-ld.ts');
const HTML_SINKS = ['components/ui/sanitized-html.tsx', 'components/seo/json-ld.tsx'];
/** Every wire shape is declared once, in lib/contract, and both sides import it (docs/architecture.md). */
const wireOutsideContract = {
  selector: ':matches(TSInterfaceDeclaration, TSTypeAliasDeclaration)[id.name=/^Wire/]',
  message: 'Wire shapes are declared only in lib/contract (one declaration per shape): import it from @/lib/contract (docs/architecture.md).',
};
/** Links prefetch on intent, not on sight (docs/decisions.md): every link is components/ui/link.tsx. */
const noNextLink = { name: 'next/link', message: "Use { Link } from '@/components/ui/link': it prefetches on intent (docs/decisions.md)." };
/** One idiom for a write's pending state (docs/decisions.md "Forms and pending state"). */
const noUseTransition = {
  name: 'react',
  importNames: ['useTransition'],
  message: "Run a write with useSubmission (components/ui/use-submission.ts) or post the form to useActionState.",
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.tmp/**',
      // The local stack's state (scripts/deploy-local.sh): kept static files, the install test's scratch root.
      '.deploy/**',
      // Node 24 from the npm registry (scripts/test-node24.sh).
      '.cache/**',
      'next-env.d.ts',
      // Files that break a layer rule on purpose; test/layer-rules.test.ts lints them under a real path.
      'test/fixtures/**',
    ],
  },
  { files: ['app/**'], rules: { 'no-restricted-imports': ['error', { paths: [noNextLink, noUseTransition] }] } },
  { files: ['components/**'], rules: { 'no-restricted-imports': ['error', { paths: [noNextLink, noUseTransition], patterns: [noApp] }] } },
  { files: ['components/ui/link.tsx'], rules: { 'no-restricted-imports': ['error', { paths: [noUseTransition], patterns: [noApp] }] } },
  { files: ['lib/**', 'proxy.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [noApp, noComponents] }] } },
  { files: ['lib/backend/**'], rules: { 'no-restricted-imports': ['error', { patterns: [noApp, noComponents, noApi] }] } },
  {
    files: ['app/**', 'components/**', 'lib/**'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/no-server-only-in-client': 'error' },
  },
  // No import cycles and no pair of folders that import each other (docs/architecture.md "Folders inside
  // components/ and lib/"): import/no-cycle for files, layers/folder-tiers for folders. Tests are no part of it.
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}', 'proxy.ts', 'instrumentation.ts'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/folder-tiers': ['error', { scope: 'components', tiers: COMPONENT_TIERS }] },
  },
  {
    files: ['lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/folder-tiers': ['error', { scope: 'lib', tiers: LIB_TIERS }] },
  },
  {
    // Every server action is made by the one gate (lib/actions/define-action.ts), and every client write runs
    // through useSubmission or useActionState (docs/decisions.md); test/action-gate-rule.test.ts.
    files: ['**/*.{ts,tsx}'],
    plugins: { actions: actionsPlugin },
    rules: { 'actions/through-gate': 'error', 'actions/client-writes-through-submission': 'error' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['lib/sanitize.ts', 'lib/json-ld.ts', ...HTML_SINKS],
    rules: { 'no-restricted-syntax': ['error', innerHtml, safeHtmlCast, jsonLdCast, wireOutsideContract] },
  },
  { files: ['lib/sanitize.ts'], rules: { 'no-restricted-syntax': ['error', innerHtml, jsonLdCast, wireOutsideContract] } },
  { files: ['lib/json-ld.ts'], rules: { 'no-restricted-syntax': ['error', innerHtml, safeHtmlCast, wireOutsideContract] } },
  { files: HTML_SINKS, rules: { 'no-restricted-syntax': ['error', safeHtmlCast, jsonLdCast, wireOutsideContract] } },
  {
    // lib/contract is the wire: its shapes and the format rules both sides apply (docs/architecture.md). It imports
    // only its own files, so lib/api and lib/backend share it without importing each other, and it holds
    // declarations only (types, constants, functions): nothing runs on import. Last, so these options win.
    files: ['lib/contract/**'],
    // Its unit tests import vitest and run at the top level, as every test does.
    ignores: ['lib/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./[a-z-]+$)', message: 'lib/contract imports only its own files (docs/architecture.md).' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Program > :not(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, TSInterfaceDeclaration, TSTypeAliasDeclaration, VariableDeclaration[kind='const'], FunctionDeclaration)",
          message: 'lib/contract holds declarations only (types, constants, functions): nothing runs on import.',
        },
        {
          selector:
            "ExportNamedDeclaration > :not(TSInterfaceDeclaration, TSTypeAliasDeclaration, ExportSpecifier, VariableDeclaration[kind='const'], FunctionDeclaration, Literal)",
          message: 'lib/contract holds declarations only (types, constants, functions): nothing runs on import.',
        },
      ],
    },
  },
];

export default config;
