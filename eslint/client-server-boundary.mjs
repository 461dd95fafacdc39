/**
 * ESLint rule `layers/no-server-only-in-client` (docs/architecture.md): a client component (a file that starts
 * with 'use client') never imports a server-only module. A module is server-only when it imports the
 * `server-only` package itself, when it is one of the server's own modules (next/headers, the embedded backend,
 * Node built-ins, better-sqlite3), or when it is the package `server-only`. `import type` is erased by the
 * compiler and allowed; server actions ('use server' modules) are what a client component may call, and allowed.
 *
 * The check reads the imported file, so it sees the `import 'server-only'` line that the author put there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { folderTiersRule } from './folder-tiers.mjs';

const SERVER_PACKAGES = [/^server-only$/, /^next\/headers$/, /^better-sqlite3(-napi)?$/, /^node:/, /^(fs|path|os|crypto|child_process)$/];
/** Folders whose modules are server-only whether or not they say so (repository-relative). */
const SERVER_FOLDERS = ['lib/backend/'];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];
const SERVER_ONLY_LINE = /^\s*import\s+['"]server-only['"]/m;

const markerCache = new Map();

function resolveSource(source, file, root) {
  let base;
  if (source.startsWith('@/')) base = path.join(root, source.slice(2));
  else if (source.startsWith('./') || source.startsWith('../')) base = path.resolve(path.dirname(file), source);
  else return null;
  if (fs.existsSync(base) && fs.statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) {
    if (fs.existsSync(base + ext)) return base + ext;
  }
  return base;
}

function importsServerOnly(resolved) {
  if (!markerCache.has(resolved)) {
    let marked = false;
    try {
      marked = SERVER_ONLY_LINE.test(fs.readFileSync(resolved, 'utf8'));
    } catch {
      marked = false;
    }
    markerCache.set(resolved, marked);
  }
  return markerCache.get(resolved);
}

/** Why `source` is server-only, or null when a client component may import it. */
export function serverOnlyReason(source, file, root) {
  if (SERVER_PACKAGES.some((re) => re.test(source))) return `'${source}' runs only on the server`;
  const resolved = resolveSource(source, file, root);
  if (!resolved) return null;
  const rel = path.relative(root, resolved).split(path.sep).join('/');
  const folder = SERVER_FOLDERS.find((f) => rel.startsWith(f));
  if (folder) return `${folder} is server-side code`;
  if (importsServerOnly(resolved)) return `${rel} imports 'server-only'`;
  return null;
}

function isClientComponent(program) {
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement' || typeof statement.directive !== 'string') return false;
    if (statement.directive === 'use client') return true;
  }
  return false;
}

/** Every specifier of this import or export is a type: the compiler erases it. */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "A client component ('use client') never imports a server-only module." },
    schema: [],
    messages: {
      serverOnly: "A client component may not import {{source}}: {{reason}}. Call a server action or a GET route instead (docs/architecture.md).",
    },
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    let client = false;
    const check = (node, sourceNode) => {
      if (!client || !sourceNode || typeof sourceNode.value !== 'string') return;
      const reason = serverOnlyReason(sourceNode.value, file, root);
      if (reason) context.report({ node: sourceNode, messageId: 'serverOnly', data: { source: sourceNode.value, reason } });
    };
    return {
      Program(program) {
        client = isClientComponent(program);
      },
      ImportDeclaration(node) {
        if (!typeOnly(node)) check(node, node.source);
      },
      ExportNamedDeclaration(node) {
        if (node.source && !typeOnly(node)) check(node, node.source);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') check(node, node.source);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source);
      },
    };
  },
};

export const layersPlugin = { meta: { name: 'layers' }, rules: { 'no-server-only-in-client': rule, 'folder-tiers': folderTiersRule } };
