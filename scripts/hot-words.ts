// npm run hot-words -- queue | approve <word> | withdraw <word>
// The editors' command for the search hot words of the embedded backend (docs/site-search.md "Hot words"):
// visitors' searches only queue candidates; a word is listed once approved here.
import { openDatabase } from '../lib/backend/db';
import { approveHotWord, hotWordQueue, withdrawHotWord } from '../lib/backend/handlers/hot-words';
import { settingsFromEnv } from '../lib/backend/settings';

const [command, ...rest] = process.argv.slice(2);
const word = rest.join(' ');
const db = openDatabase(settingsFromEnv());
let status = 0;
try {
  if (command === 'queue') {
    const queue = hotWordQueue(db, 100);
    if (queue.length === 0) console.log('没有待审核的搜索词。');
    for (const w of queue) console.log(`${String(w.Hits).padStart(5)}  ${w.Word}  (最近 ${w.LastTime})`);
  } else if (command === 'approve' && word) {
    const r = approveHotWord(db, word, new Date());
    if (r.ok) console.log(`已列为热词：${r.word}`);
    else {
      console.error(`未能列为热词：${r.message}`);
      status = 1;
    }
  } else if (command === 'withdraw' && word) {
    if (withdrawHotWord(db, word)) console.log(`已撤下：${word}`);
    else {
      console.error(`没有这个热词：${word}`);
      status = 1;
    }
  } else {
    console.error('用法：npm run hot-words -- queue | approve <词> | withdraw <词>');
    status = 2;
  }
} finally {
  db.close();
}
process.exitCode = status;
