/**
 * `better-sqlite3-napi` is better-sqlite3 13 under an npm alias (package.json), chosen by lib/backend/sqlite.ts on
 * Node 22+. It has the API of better-sqlite3 12 that the code uses, so it takes the types of `@types/better-sqlite3`.
 */
declare module 'better-sqlite3-napi' {
  import Database from 'better-sqlite3';
  export = Database;
}
