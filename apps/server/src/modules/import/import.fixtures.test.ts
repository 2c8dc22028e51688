import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeOnDatabases, type Org } from '../../test/harness';
import { importKit } from '../../test/import-test-kit';
import { fixtures, type ExpectedPerson } from './fixtures/expected';
import { parseSpreadsheet } from './import.parse';
import { templateHeader } from './import.template';

// Issue 17: class lists written by real spreadsheet programs (fixtures/README.md says how each was
// made) import with no manual work beyond confirming the preview.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const personColumns = ['id', 'first_name', 'last_name', 'last_name2', 'document', 'birthday', 'gender', 'email', 'mobile', 'student_code'] as const;

describeOnDatabases('import of files from real spreadsheet programs', (t) => {
  async function setup() {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    return { school, tree, kit: importKit(t, school, token) };
  }
  const personWith = (school: Org, document: string) =>
    t.db.selectFrom('people').select(personColumns).where('org_id', '=', school.id).where('document', '=', document).executeTakeFirst();
  const shape = (expected: ExpectedPerson) => expect.objectContaining(expected);

  it('issue 17 item 6: the round-trip fixture was filled in from the template the API serves in Spanish', async () => {
    const workbook = await parseSpreadsheet('template.xlsx', fixture('template-es-filled-libreoffice.xlsx'));
    expect(workbook.sheets[0].rows[0].cells).toEqual(templateHeader('es'));
  });

  for (const expected of fixtures) {
    it(`issue 17: ${expected.file} imports with no errors and writes the expected people`, async () => {
      const { school, tree, kit } = await setup();
      const draft = await kit.upload(tree.classA, expected.file, fixture(expected.file));
      expect(draft.statusCode, draft.body).toBe(201);
      const body = draft.json();
      expect({ sheet: body.sheet, headerRow: body.headerRow, headerFound: body.headerFound }).toEqual({ sheet: expected.sheet, headerRow: expected.headerRow, headerFound: true });
      expect(body.errors).toEqual([]);
      expect(body.warnings.map((w: { row: number; field: string; code: string }) => `${w.row}:${w.field}:${w.code}`)).toEqual(expected.warnings);
      expect(body.rowCount).toBe(expected.students.length);

      const committed = await kit.commit(tree.classA, body.id);
      expect(committed.statusCode, committed.body).toBe(200);
      expect(committed.json().result).toMatchObject({ created: expected.students.length, skipped: 0 });

      for (const student of expected.students) {
        const { relative, ...person } = student;
        const stored = await personWith(school, person.document);
        expect(stored, person.document).toEqual(shape(person));
        const relationships = await t.db
          .selectFrom('relationships')
          .select(['relative_id', 'kind'])
          .where('org_id', '=', school.id)
          .where('person_id', '=', stored!.id)
          .execute();
        if (!relative) {
          expect(relationships, person.document).toEqual([]);
          continue;
        }
        const { kind, ...relativePerson } = relative;
        const storedRelative = await personWith(school, relativePerson.document);
        expect(storedRelative, relativePerson.document).toEqual(shape(relativePerson));
        expect(relationships).toEqual([{ relative_id: storedRelative!.id, kind }]);
      }
      const members = await t.db.selectFrom('memberships').select('person_id').where('org_id', '=', school.id).where('node_id', '=', tree.classA).execute();
      expect(members).toHaveLength(expected.students.length);
    });
  }
});
