// npm run db:reset — rebuild the embedded backend's database from its migrations and seed.
import fs from 'node:fs';
import { openDatabase, removeDatabaseFiles } from '../lib/backend/db';
import { settingsFromEnv } from '../lib/backend/settings';

const settings = settingsFromEnv();
removeDatabaseFiles(settings.dbPath);
// Next keeps its data cache (lib/api/cache.ts) on disk across restarts: drop what was cached from the old database.
fs.rmSync('.next/cache/fetch-cache', { recursive: true, force: true });
const db = openDatabase(settings);
const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
db.close();
console.log(`Rebuilt ${settings.dbPath} (${tables.n} tables, freshly seeded).`);
