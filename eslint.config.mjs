import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { layersPlugin } from './eslint/client-server-boundary.mjs';

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
      'next-env.d.ts',
      // Files that break a layer rule on purpose; test/layer-rules.test.ts lints them under a real path.
      'test/fixtures/**',
    ],
  },
  { files: ['components/**'], rules: { 'no-restricted-imports': ['error', { patterns: [noApp] }] } },
  { files: ['lib/**', 'proxy.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [noApp, noComponents] }] } },
  { files: ['lib/backend/**'], rules: { 'no-restricted-imports': ['error', { patterns: [noApp, noComponents, noApi] }] } },
  {
    files: ['app/**', 'components/**', 'lib/**'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/no-server-only-in-client': 'error' },
  },
];

export default config;
