/**
 * The lay-term hit rate (docs/site-search.md "Patients' words"): for every word of the dictionary
 * (lib/lay-terms/dictionary.json), does the site's search find a doctor, and an illness page, on a fresh demo
 * database? Beside it, what the same words found before the dictionary: the plain substring search of SPEC §7
 * over the doctors' name, 擅长 and 科室 and the illnesses' name and symptoms.
 *
 *   npx tsx scripts/lay-term-hit-rate.ts          # the summary, and the words that find nothing
 *   npx tsx scripts/lay-term-hit-rate.ts --all    # one line per word
 */
import { createBackend } from '../lib/backend/router';
import { LAY_TERMS } from '../lib/lay-terms';

const backend = createBackend({ dbPath: ':memory:', jwtSecret: new TextEncoder().encode('lay-term-hit-rate-0123456789abcdef'), log: () => {} });

async function total(path: string, fields: Record<string, string>): Promise<number> {
  const res = await backend.handle(new Request(`http://bench/api/${path}`, { method: 'POST', body: new URLSearchParams({ ...fields, PageSize: '1' }) }));
  const body = (await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: { TotalCount: number } };
  if (body.ErrorNo !== 1) throw new Error(`${path} ${JSON.stringify(fields)}: ${body.ErrorInfo}`);
  return body.Result.TotalCount;
}

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const before = {
  doctors: backend.db.prepare(
    `SELECT COUNT(*) AS n FROM doctors WHERE name LIKE @p ESCAPE '\\' OR specialties LIKE @p ESCAPE '\\' OR department LIKE @p ESCAPE '\\'`,
  ),
  illnesses: backend.db.prepare(`SELECT COUNT(DISTINCT name) AS n FROM illnesses WHERE name LIKE @p ESCAPE '\\' OR symptoms LIKE @p ESCAPE '\\'`),
};

async function main() {
  const rows: { term: string; doctors: number; illnesses: number; doctorsBefore: number; illnessesBefore: number }[] = [];
  for (const { term } of LAY_TERMS) {
    rows.push({
      term,
      doctors: await total('TW_User/GetDoctorPageList', { Keyword: term }),
      illnesses: await total('HIS_Specialty/GeHIS_SpecialtyConfiguration', { Keyword: term, Distinct: '1' }),
      doctorsBefore: (before.doctors.get({ p: like(term) }) as { n: number }).n,
      illnessesBefore: (before.illnesses.get({ p: like(term) }) as { n: number }).n,
    });
  }
  const rate = (n: number) => `${n}/${rows.length} (${((100 * n) / rows.length).toFixed(1)} %)`;
  const hit = (pick: (r: (typeof rows)[number]) => number) => rows.filter((r) => pick(r) > 0).length;
  if (process.argv.includes('--all')) {
    for (const r of rows) console.log(`${r.term.padEnd(8, '　')} doctors ${r.doctorsBefore} → ${r.doctors}, illnesses ${r.illnessesBefore} → ${r.illnesses}`);
  }
  console.log(`Lay terms in the dictionary: ${rows.length}`);
  console.log(`Find a doctor:      ${rate(hit((r) => r.doctors))}   (plain search before the dictionary: ${rate(hit((r) => r.doctorsBefore))})`);
  console.log(`Find an illness:    ${rate(hit((r) => r.illnesses))}   (before: ${rate(hit((r) => r.illnessesBefore))})`);
  console.log(`Find either:        ${rate(hit((r) => r.doctors + r.illnesses))}   (before: ${rate(hit((r) => r.doctorsBefore + r.illnessesBefore))})`);
  const misses = rows.filter((r) => r.doctors === 0).map((r) => r.term);
  console.log(misses.length ? `No doctor for: ${misses.join('、')}` : 'Every word finds a doctor.');
  backend.db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
