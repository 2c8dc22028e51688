import { beforeAll, expect, it } from 'vitest';
import { callerOf } from '../../test/callers';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { updateOrgSettings } from '../org/index';
import { creditAccess, debitAccess, STUDENTS_SEE_OWN_BILLING_KEY } from './billing.access';
import { creditOf, debitOf } from './billing.fixtures';

// debitAccess and creditAccess answer one rule twice: a batch check of ids and a SQL filter. For every
// caller of the world, over rows of both schools and an id of nothing, the two name the same rows; and
// they say what decision 019 says: their parent-like relatives and billing staff, and the student only
// where the school lets students see their own billing (issue 29; off by default).
describeOnDatabases('billing: debit and credit access, the batch check and the SQL filter agree', (t) => {
  let w: World;
  let people: TestPerson[];
  const debits: Record<string, number> = {};
  const credits: Record<string, number> = {};

  beforeAll(async () => {
    w = await makeWorld(t);
    people = [w.studentA, w.studentB, w.parentA, w.parentB, w.teacherA, w.teacherB, w.admin, w.driver, w.rider, w.riderParent, w.employee];
    for (const [name, person] of [['a', w.studentA], ['b', w.studentB], ['norte', w.otherAdmin]] as const) {
      debits[name] = (await debitOf(t, person)).id;
      credits[name] = (await creditOf(t, person)).id;
    }
  });

  for (const [label, access, table, rows] of [
    ['debits', debitAccess, 'billing_debits', debits],
    ['credits', creditAccess, 'billing_credits', credits],
  ] as const) {
    it(`visible(ids) is what the filtered query returns, for every caller (${label})`, async () => {
      const ids = [...Object.values(rows), 999_999];
      const agree = async () => {
        for (const person of people) {
          const caller = await callerOf(t, person);
          const visible = [...(await access.visible(t.db, caller, ids))].sort((a, b) => a - b);
          const filter = await access.filter(t.db, caller);
          const filtered = (await t.db.selectFrom(table).select('id').where('org_id', '=', w.school.id).where(filter(`${table}.id`)).execute()).map((r) => r.id).sort((a, b) => a - b);
          expect(visible, person.firstName).toEqual(filtered);
        }
      };
      await agree();
      const sees = async (person: TestPerson) => [...(await access.visible(t.db, await callerOf(t, person), ids))].sort((a, b) => a - b);
      expect(await sees(w.parentA)).toEqual([rows.a]);
      expect(await sees(w.studentB)).toEqual([]);
      expect(await sees(w.teacherA)).toEqual([]);
      expect(await sees(w.admin)).toEqual([rows.a, rows.b].sort((a, b) => a - b));
      expect(await sees(w.employee)).toEqual([rows.a, rows.b].sort((a, b) => a - b));
      // Where the school lets students see their own billing, they see theirs and only theirs.
      await updateOrgSettings(t.db, w.school.id, { ...w.school.settings, [STUDENTS_SEE_OWN_BILLING_KEY]: true });
      try {
        await agree();
        expect(await sees(w.studentB)).toEqual([rows.b]);
        expect(await sees(w.studentA)).toEqual([rows.a]);
        expect(await sees(w.parentA)).toEqual([rows.a]);
      } finally {
        await updateOrgSettings(t.db, w.school.id, w.school.settings);
      }
    });
  }
});
