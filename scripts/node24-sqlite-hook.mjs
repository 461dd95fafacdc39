// Loaded with `node --import` by scripts/test-node24.sh: on Node 24, beside a node_modules installed for Node 20,
// `better-sqlite3` (an addon built against V8 for one Node version) is taken from the copy built for Node 24
// (NODE24_BETTER_SQLITE3, its package folder); every other module as installed. Needs Node 22.15+ (registerHooks).
import { registerHooks } from 'node:module';
import path from 'node:path';

const copy = process.env.NODE24_BETTER_SQLITE3;
if (copy) {
  const entry = path.join(copy, 'lib', 'index.js');
  registerHooks({
    resolve(specifier, context, nextResolve) {
      // The build names it `better-sqlite3-<hash>` (Turbopack's link to the installed package, .next/node_modules).
      return nextResolve(/^better-sqlite3(?:-[0-9a-f]{16})?$/.test(specifier) ? entry : specifier, context);
    },
  });
}
