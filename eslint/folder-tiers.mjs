/**
 * ESLint rule `layers/folder-tiers` (docs/architecture.md "Folders inside components/ and lib/"): inside
 * components/ and inside lib/, each folder (or top-level file) stands on a tier, and imports only from folders
 * on lower tiers. Two folders on one tier never import each other, so no pair of folders imports each other
 * and no import runs back up: a piece two folders share moves down (into components/ui/ or a lower folder of
 * lib/). `import/no-cycle` holds the same for single files.
 *
 * A file's folder is its first path segment under the scope (`components/booking/cancel-form.tsx` is
 * `components/booking`; `lib/routes.ts` is `lib/routes`). Every import counts, `import type` and `import()`
 * too: a tie is a tie. Test files are not checked (eslint.config.mjs leaves them out).
 */
import path from 'node:path';

/** Bottom first. A new folder takes the lowest tier above everything it imports. */
export const COMPONENT_TIERS = [
  ['components/prices', 'components/seo'],
  ['components/ui'],
  ['components/charity', 'components/hospitals', 'components/news', 'components/online', 'components/overlays', 'components/specialties'],
  ['components/booking', 'components/constitution', 'components/doctors', 'components/home', 'components/messages', 'components/points'],
  ['components/members', 'components/search'],
  ['components/layout'],
];

export const LIB_TIERS = [
  [
    'lib/address-cookie',
    'lib/appointment-calendar',
    'lib/constants',
    'lib/constitution',
    'lib/contract',
    'lib/deadline',
    'lib/elder-mode',
    'lib/fees',
    'lib/group-reach',
    'lib/internal-paths',
    'lib/json-ld',
    'lib/lay-terms',
    'lib/limits',
    'lib/messages',
    'lib/news-types',
    'lib/observability',
    'lib/remembered-lookup',
    'lib/sanitize',
    'lib/shared-state',
    'lib/site-config',
    'lib/url-params',
    'lib/visit-rules',
  ],
  ['lib/format', 'lib/mobile-alternate', 'lib/routes', 'lib/security'],
  ['lib/news-routes', 'lib/validation'],
  ['lib/backend'],
  ['lib/api'],
  ['lib/session', 'lib/share-card', 'lib/visitor-location'],
  // What each page varies by (cookie, address, query), read by the page cache and checked against nginx's keys.
  ['lib/page-vary'],
  ['lib/actions', 'lib/page-cache', 'lib/seo'],
  // What a process sets up at start: it installs the page cache's patch too (lib/operations/node-patches.ts).
  ['lib/operations'],
];

/** The folder of a repository-relative path inside `scope` ('components' or 'lib'), or null outside it. */
export function folderOf(rel, scope) {
  const parts = rel.split('/');
  if (parts[0] !== scope || parts.length < 2) return null;
  return `${scope}/${parts.length > 2 ? parts[1] : parts[1].replace(/\.(d\.ts|tsx?|mjs|js|json)$/, '')}`;
}

function repoPath(source, file, root) {
  if (source.startsWith('@/')) return path.posix.normalize(source.slice(2));
  if (source.startsWith('./') || source.startsWith('../')) {
    return path.relative(root, path.resolve(path.dirname(file), source)).split(path.sep).join('/');
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Inside components/ and lib/, a folder imports only from folders on lower tiers.' },
    schema: [
      {
        type: 'object',
        properties: {
          scope: { type: 'string' },
          tiers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        },
        required: ['scope', 'tiers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        '{{from}} (tier {{fromTier}}) may not import {{to}} (tier {{toTier}}): a folder imports only from lower tiers. Move the shared piece down (components/ui/ or a lower folder of lib/), docs/architecture.md.',
      unlisted:
        '{{folder}} has no tier: add it to the table in eslint/folder-tiers.mjs (and docs/architecture.md), on the lowest tier above everything it imports.',
    },
  },
  create(context) {
    const { scope, tiers } = context.options[0];
    const root = context.cwd;
    const tierOf = new Map(tiers.flatMap((names, tier) => names.map((name) => [name, tier])));
    const from = folderOf(path.relative(root, context.filename).split(path.sep).join('/'), scope);
    if (!from) return {};
    const check = (sourceNode) => {
      if (!sourceNode || typeof sourceNode.value !== 'string') return;
      const rel = repoPath(sourceNode.value, context.filename, root);
      const to = rel && folderOf(rel, scope);
      if (!to || to === from) return;
      for (const folder of [from, to]) {
        if (!tierOf.has(folder)) {
          context.report({ node: sourceNode, messageId: 'unlisted', data: { folder } });
          return;
        }
      }
      const fromTier = tierOf.get(from);
      const toTier = tierOf.get(to);
      if (toTier >= fromTier) context.report({ node: sourceNode, messageId: 'upward', data: { from, to, fromTier, toTier } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source),
    };
  },
};

export const folderTiersRule = rule;
