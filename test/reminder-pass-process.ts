/**
 * One server process's reminder pass, for lib/backend/reminders.test.ts: opens the database file it is
 * given (its own connection, as a second `next start` would) and runs the pass in two steps, each on a line
 * from the test: the first reads the due rows ("due N"), the second claims and sends them ("sent N"). The
 * test lets both processes read before either writes: the race the claim must win once.
 */
import readline from 'node:readline';
import Database from '@/lib/backend/sqlite';
import { dueReminders, sendReminder, type DueReminder } from '@/lib/backend/reminders';

const [dbPath, nowIso] = process.argv.slice(2);
const db = new Database(dbPath!, { timeout: 30_000 });
db.pragma('busy_timeout = 30000');
const now = new Date(nowIso!);
const quiet = { log: () => {}, devAids: false };
let due: DueReminder[] | null = null;

readline.createInterface({ input: process.stdin }).on('line', () => {
  if (due === null) {
    due = dueReminders(db, now);
    process.stdout.write(`due ${due.length}\n`);
    return;
  }
  let sent = 0;
  for (const row of due) if (sendReminder(db, quiet, row, now)) sent += 1;
  process.stdout.write(`sent ${sent}\n`);
  db.close();
  process.exit(0);
});
process.stdout.write('ready\n');
