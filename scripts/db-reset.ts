// npm run db:reset — delete the embedded backend's database; the next start recreates and reseeds it.
import { removeDatabaseFiles } from '../lib/backend/db';
import { DEFAULT_DATABASE_PATH } from '../lib/backend/settings';

const dbPath = process.env.DATABASE_PATH || DEFAULT_DATABASE_PATH;
removeDatabaseFiles(dbPath);
console.log(`Removed ${dbPath}; it is rebuilt and reseeded on the next start.`);
