// Loaded with `node --import` by scripts/test-node24.sh: on Node 24, beside a node_modules installed for Node 20,
// `better-sqlite3` (an addon built against V8 for one Node version) is taken from the copy built for Node 24
// (NODE24_BETTER_SQLITE3, its package folder); every other module as installed. Needs Node 22.15+ (registerHooks).
// Both ways a program names it are redirected: the bare name (and Turbopack's `better-sqlite3-<hash>` link in
// .next/node_modules), and a path into the installed package (Vitest resolves a bare name to a file first).
import * as nodeModule from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const copy = process.env.NODE24_BETTER_SQLITE3;
// A child process a test starts with the machine's own Node (20) inherits NODE_OPTIONS: there the hook is not needed.
if (copy && typeof nodeModule.registerHooks === 'function') {
  const entry = path.join(copy, 'lib', 'index.js');
  const copyUrl = pathToFileURL(copy).href;
  const installed = /\/node_modules\/better-sqlite3(?:-[0-9a-f]{16})?\/(.*)$/;
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      if (/^better-sqlite3(?:-[0-9a-f]{16})?$/.test(specifier)) return nextResolve(entry, context);
      const resolved = nextResolve(specifier, context);
      const inside = installed.exec(resolved.url);
      if (inside && !resolved.url.startsWith(copyUrl)) return { ...resolved, url: `${copyUrl}/${inside[1]}` };
      return resolved;
    },
  });
}
