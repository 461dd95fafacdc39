// npm run docs:limits
// Writes the table of lib/limits.ts into docs/security.md "The limits", between its two markers; lib/limits.test.ts
// fails while the doc differs from the table.
import fs from 'node:fs';
import path from 'node:path';
import { LIMITS_DOC_BEGIN, LIMITS_DOC_END, limitsTableMarkdown } from '../lib/limits';

const file = path.join(process.cwd(), 'docs', 'security.md');
const doc = fs.readFileSync(file, 'utf8');
const begin = doc.indexOf(LIMITS_DOC_BEGIN);
const end = doc.indexOf(LIMITS_DOC_END);
if (begin < 0 || end < begin) {
  console.error(`docs/security.md: the markers ${LIMITS_DOC_BEGIN} and ${LIMITS_DOC_END} are missing`);
  process.exit(1);
}
const next = `${doc.slice(0, begin + LIMITS_DOC_BEGIN.length)}\n${limitsTableMarkdown()}\n${doc.slice(end)}`;
if (next === doc) console.log('docs/security.md: the table of limits is up to date');
else {
  fs.writeFileSync(file, next);
  console.log('docs/security.md: the table of limits rewritten from lib/limits.ts');
}
