// How long importing 1,000 students with 500 parents takes through the API (upload + preview, then
// the one-transaction commit), and re-importing the same file (idempotent: nothing new is created).
// SQLite always; PostgreSQL when BENCH_PG_URL is set. Needs `npm run build` first.
import { databases, findClasses, importCsv, startSchool, studentsCsv } from './school-data.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1000);
const rows = [];
let port = 18290;
for await (const db of databases()) {
  const school = await startSchool(port++, db.env);
  try {
    const [klass] = await findClasses(school);
    const csv = studentsCsv(ROWS, 'B');
    const first = await importCsv(school, klass.id, csv);
    const again = await importCsv(school, klass.id, csv);
    if (first.result.created !== ROWS || again.result.created !== 0) throw new Error(`unexpected result ${JSON.stringify([first.result, again.result])}`);
    rows.push(`| import ${ROWS} students + ${ROWS / 2} parents (${db.name}) | ${first.uploadMs.toFixed(0)} ms | ${first.commitMs.toFixed(0)} ms | ${again.commitMs.toFixed(0)} ms |`);
  } finally {
    await school.stop();
    await db.drop();
  }
}
console.log('\n| Import | upload + preview | commit | re-import commit |\n|---|---|---|---|');
console.log(rows.join('\n'));
