// Audience resolution on a school of about 5,000 people: the demo school plus 3,400 imported students
// and 1,700 parents in four classes, then POST audiences/preview for a few rule sets (median of 15
// runs each, warm). SQLite always; PostgreSQL when BENCH_PG_URL is set. Needs `npm run build` first.
import { databases, findClasses, importCsv, startSchool, studentsCsv } from './school-data.mjs';

const PER_CLASS = 850;
const RUNS = 15;
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
let port = 18390;
for await (const db of databases()) {
  const school = await startSchool(port++, db.env);
  try {
    const classes = (await findClasses(school)).slice(0, 4);
    for (const [i, klass] of classes.entries()) await importCsv(school, klass.id, studentsCsv(PER_CLASS, `A${i}`));
    const ruleSets = [
      ['role = student', { field: 'role', op: 'eq', args: ['student'] }],
      ['lastName contains "ido9" or firstName begins with "Nombre1"', { op: 'or', args: [
        { field: 'lastName', op: 'contains', args: ['ido9'] }, { field: 'firstName', op: 'beginsWith', args: ['Nombre1'] }] }],
      ['node = first class + relatives', { field: 'node', op: 'eq', args: [classes[0].id] }, true],
      ['students, female, active, graded at or above the 2nd grade', { op: 'and', args: [
        { field: 'gender', op: 'eq', args: ['female'] }, { field: 'enrollmentStatus', op: 'eq', args: ['active'] },
        { field: 'node', op: 'gradedAtOrAbove', args: [classes[1].id] }] }],
      ['families with 2 children', { field: 'familiesWithChildren', op: 'eq', args: [2] }],
    ];
    const headers = { authorization: `Bearer ${school.token}`, 'content-type': 'application/json' };
    for (const [name, rules, includeRelatives = false] of ruleSets) {
      const times = [];
      let count = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await fetch(`${school.base}/audiences/preview`, { method: 'POST', headers, body: JSON.stringify({ rules, includeRelatives }) });
        const body = await res.json();
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
        times.push(performance.now() - t0);
        count = body.count;
      }
      rows.push(`| ${name} (${db.name}) | ${count} | ${median(times).toFixed(1)} ms |`);
    }
  } finally {
    await school.stop();
    await db.drop();
  }
}
console.log('\n| Audience rule on ~5,000 people | matches | median preview (HTTP round trip) |\n|---|---|---|');
console.log(rows.join('\n'));
