/**
 * The one place that loads a SQLite driver (docs/decisions.md "One SQLite driver per Node version"). The site
 * targets Node 24 LTS and still runs on Node 20.9+ (docs/operations.md "Install on a server"), and no single
 * better-sqlite3 runs on both:
 *   - better-sqlite3 12 is built against V8 for one Node version; on Node 24.19+ it aborts when the garbage
 *     collector frees a statement (`Assertion failed: (env) != nullptr` in node::ObjectWrap).
 *   - better-sqlite3 13 is a Node-API addon, prebuilt in its package for every platform and not rebuilt when Node
 *     moves, but it needs Node 22+ (on Node 20 it crashes on the first query). It is installed as
 *     `better-sqlite3-napi`, an npm alias.
 * So Node 22 and later load 13, Node 20 loads 12. Both share one API and the types of `@types/better-sqlite3`.
 * Everything else (the backend, its scripts, the tests) takes the driver from here, never from the packages.
 */
import BetterSqlite3 from 'better-sqlite3';
import BetterSqlite3Napi from 'better-sqlite3-napi';

/** The first Node major that loads the Node-API build (better-sqlite3 13's `engines`: node >= 22). */
export const NAPI_FROM_NODE_MAJOR = 22;

export type SqliteDriverName = 'better-sqlite3' | 'better-sqlite3-napi';

/** The package a Node of this version (`process.versions.node`) loads. */
export function sqliteDriverFor(nodeVersion: string): SqliteDriverName {
  const major = Number.parseInt(nodeVersion, 10);
  return major >= NAPI_FROM_NODE_MAJOR ? 'better-sqlite3-napi' : 'better-sqlite3';
}

/** The driver this process uses. */
export const sqliteDriver: SqliteDriverName = sqliteDriverFor(process.versions.node);

// Both packages are imported (plain imports, which the bundler, Vitest, tsx and Playwright all read the same way;
// next.config.mjs keeps both outside the bundle), but each loads its native addon only when a database is first
// opened: so only the chosen one's addon is ever loaded. lib/backend/sqlite.test.ts checks it on each Node.
const Database: typeof BetterSqlite3 = sqliteDriver === 'better-sqlite3-napi' ? BetterSqlite3Napi : BetterSqlite3;

export default Database;
