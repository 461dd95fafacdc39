// npm run db:backup -- FILE   an online, consistent copy of the embedded backend's database (DATABASE_PATH)
// npm run db:restore -- FILE  puts a backup in place of it (stop the site's processes first); the database as it
//                             was is kept beside it as site.db.before-restore-<time>
// docs/operations.md "Backups".
import { backupDatabase, restoreDatabase } from '../lib/backend/backup';
import { DEFAULT_DATABASE_PATH } from '../lib/backend/settings';

const [command, file = ''] = process.argv.slice(2);
const database = process.env.DATABASE_PATH || DEFAULT_DATABASE_PATH;
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('usage: npm run db:backup -- FILE | npm run db:restore -- FILE   (DATABASE_PATH names the database)');
  process.exit(2);
}
async function main() {
  if (command === 'backup') {
    const r = await backupDatabase(database, file);
    console.log(`backed up ${database} → ${r.file}: ${r.bytes} bytes, ${r.members} members, ${r.registrations} registrations, ${r.photos} photos, in ${r.ms} ms`);
  } else {
    const r = await restoreDatabase(file, database);
    if (r.previous) console.log(`kept the database as it was: ${r.previous}`);
    console.log(`restored ${file} → ${database}: ${r.members} members, ${r.registrations} registrations, ${r.photos} photos, in ${r.ms} ms. Start the site's processes again.`);
  }
}
main().catch((err: unknown) => {
  console.error(`db:${command}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
