import type { KyselyPlugin } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type Org } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import type { SchoolTree } from '../../test/factories';
import { csvRows, xlsxRows } from '../../platform/spreadsheet/spreadsheet.fixtures';
import { insertNode } from '../nodes/index';
import { as } from '../posts/posts.fixtures';
import { readTeaching } from './classroom.teaching';

// Issue 35 §2 on both databases: the teaching dashboard (GET teaching/{personId}) and the gradebook
// (GET nodes/{groupId}/grades.csv): their numbers, who may read them, and the file in every form.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describeOnDatabases('classroom teaching and grades', (t) => {
  let school: Org;
  let tree: SchoolTree;
  let teacher: TestPerson;
  let admin: TestPerson;
  let teacherB: TestPerson;
  let s1: TestPerson;
  let s2: TestPerson;
  let s3: TestPerson;
  let s4: TestPerson;
  let parent1: TestPerson;
  let leaver: TestPerson;
  const posts: Record<'task1' | 'task2' | 'task3' | 'task4' | 'undated', number> = { task1: 0, task2: 0, task3: 0, task4: 0, undated: 0 };

  const publish = async (who: TestPerson, node: number, body: Record<string, unknown>) => {
    const res = await as(t, who, 'POST', `nodes/${node}/classroom/posts`, { kind: 'task', description: '<p>Guía</p>', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const turnIn = async (student: TestPerson, node: number, postId: number) => {
    const res = await as(t, student, 'PUT', `people/${student.id}/classroom/${node}/posts/${postId}/submission`, { text: 'Hecho', turnIn: true });
    expect(res.statusCode, res.body).toBe(200);
  };
  const review = async (postId: number, student: TestPerson, body: Record<string, unknown>) => {
    const res = await as(t, teacher, 'PUT', `posts/${postId}/submissions/${student.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  const pastDue = (postId: number) =>
    t.db.updateTable('classroom_posts').set({ due_date: new Date(Date.now() - 3_600_000).toISOString() }).where('org_id', '=', school.id).where('post_id', '=', postId).execute();
  const grades = async (who: TestPerson, query = '', headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: `/api/${school.code}/nodes/${tree.classA}/grades.csv${query}`, token: await t.signIn(who), headers });

  beforeAll(async () => {
    school = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    tree = await t.makeTree(school);
    teacher = await t.makePerson(school, { role: 'teacher', node: tree.classA, firstName: 'Teresa' });
    await t.assign(teacher, tree.classB, 'group_director');
    teacherB = await t.makePerson(school, { role: 'teacher', node: tree.classB, firstName: 'Tomás' });
    admin = await t.makePerson(school, { role: 'admin' });
    s1 = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Ana', lastName: 'Álvarez' });
    s2 = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Bea', lastName: 'Bernal' });
    s3 = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Ciro', lastName: 'Cano' });
    s4 = await t.makePerson(school, { role: 'student', node: tree.classB, firstName: 'Dora', lastName: 'Díaz' });
    leaver = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Elsa', lastName: 'Estrada' });
    parent1 = await t.makePerson(school, { relativeOf: s1 });

    posts.task4 = await publish(teacher, tree.classA, { title: 'Taller vencido', dueDate: inDays(1), points: 10 });
    posts.task1 = await publish(teacher, tree.classA, { title: 'Ensayo', dueDate: inDays(2), points: 10 });
    posts.task2 = await publish(teacher, tree.classA, { title: '=HYPERLINK("http://x","y")', dueDate: inDays(1), points: 5 });
    posts.task3 = await publish(admin, tree.classB, { title: 'Mapa', dueDate: inDays(3) });
    posts.undated = await publish(teacher, tree.classA, { title: 'Lectura libre' });
    await publish(teacher, tree.classA, { kind: 'material', title: 'Guía' });

    await turnIn(s1, tree.classA, posts.task4);
    await turnIn(s1, tree.classA, posts.task1);
    await turnIn(leaver, tree.classA, posts.task1);
    await review(posts.task4, s3, { grade: 8.5, feedback: 'Bien', return: true });
    await review(posts.task1, s2, { grade: 7, return: false });
    await pastDue(posts.task4);
    // The leaver withdraws: their turn-in leaves every count and the gradebook.
    await t.db.updateTable('memberships').set({ enrollment_status: 'withdrawn' }).where('org_id', '=', school.id).where('person_id', '=', leaver.id).execute();
  });

  it('item 1: the dashboard counts students, tasks, work to review and completion per group, with upcoming tasks and the review queue', async () => {
    const res = await as(t, teacher, 'GET', `teaching/${teacher.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.groups).toEqual([
      // 3A: 3 current students; 4 tasks; s1's two turn-ins wait; of the one due task, s1 turned in and s3 was returned: 2 of 3.
      { id: tree.classA, name: '3A', students: 3, tasks: 4, toReview: 2, completion: 2 / 3, nextDueDate: expect.any(String) },
      { id: tree.classB, name: '3B', students: 1, tasks: 1, toReview: 0, completion: null, nextDueDate: expect.any(String) },
    ]);
    const due = await t.db.selectFrom('classroom_posts').select(['post_id', 'due_date']).where('org_id', '=', school.id).execute();
    const dueOf = (postId: number) => due.find((d) => d.post_id === postId)!.due_date;
    expect(body.groups[0].nextDueDate).toBe(dueOf(posts.task2));
    expect(body.upcoming.map((u: { postId: number }) => u.postId)).toEqual([posts.task2, posts.task1, posts.task3]);
    expect(body.upcoming[1]).toEqual({
      postId: posts.task1, groupId: tree.classA, groupName: '3A', title: 'Ensayo', dueDate: dueOf(posts.task1), points: 10, turnedIn: 1, students: 3,
    });
    expect(body.upcoming[2]).toMatchObject({ groupId: tree.classB, groupName: '3B', points: null, turnedIn: 0, students: 1 });
    expect(body.toReview.map((r: { postId: number; student: { id: number } }) => [r.postId, r.student.id])).toEqual([[posts.task4, s1.id], [posts.task1, s1.id]]);
    expect(body.toReview[0]).toMatchObject({ groupId: tree.classA, groupName: '3A', title: 'Taller vencido', points: 10, status: 'turned_in', student: { firstName: 'Ana' } });
    // An administrator reads the same dashboard of the teacher.
    expect((await as(t, admin, 'GET', `teaching/${teacher.id}`)).json()).toEqual(body);
  });

  it('item 1: a task turned in after its due date waits as late; missing is what nobody handed in', async () => {
    const task = await publish(teacherB, tree.classB, { title: 'Tarde', dueDate: inDays(1) });
    await pastDue(task);
    await turnIn(s4, tree.classB, task);
    const body = (await as(t, teacherB, 'GET', `teaching/${teacherB.id}`)).json();
    expect(body.groups).toEqual([{ id: tree.classB, name: '3B', students: 1, tasks: 2, toReview: 1, completion: 1, nextDueDate: expect.any(String) }]);
    expect(body.toReview).toMatchObject([{ postId: task, status: 'late', student: { id: s4.id } }]);
  });

  it('item 1: only the teacher themself and administrators read a dashboard; a person who teaches nothing has an empty one', async () => {
    expect((await as(t, admin, 'GET', `teaching/${s1.id}`)).json()).toEqual({ groups: [], upcoming: [], toReview: [] });
    expect((await as(t, s1, 'GET', `teaching/${s1.id}`)).statusCode).toBe(403);
    expect((await as(t, teacherB, 'GET', `teaching/${teacher.id}`)).statusCode).toBe(403);
    expect((await as(t, parent1, 'GET', `teaching/${teacher.id}`)).statusCode).toBe(403);
    expect((await as(t, s1, 'GET', `teaching/${teacher.id}`)).statusCode).toBe(403);
    expect((await as(t, admin, 'GET', 'teaching/2147483000')).statusCode).toBe(404);
    const registrant = await makeRegistrant(t, school);
    await t.assign(registrant, tree.classA, 'teacher');
    expect((await as(t, registrant, 'GET', `teaching/${registrant.id}`)).statusCode).toBe(403);
    // Another school: its administrator, with this school's ids on their own base.
    const other = await t.makeSchool();
    const otherAdmin = await t.makePerson(other, { role: 'admin' });
    expect((await as(t, otherAdmin, 'GET', `teaching/${teacher.id}`)).statusCode).toBe(404);
    const foreign = await t.request({ method: 'GET', url: `/api/${school.code}/teaching/${teacher.id}`, token: await t.signIn(otherAdmin) });
    expect([401, 403]).toContain(foreign.statusCode);
    expect((await as(t, admin, 'GET', 'teaching/abc')).statusCode).toBe(400);
  });

  it('item 1: ten groups of forty students cost the dashboard the same few queries as one group', async () => {
    const big = await t.makeSchool();
    const bigTree = await t.makeTree(big);
    const many = await t.makePerson(big, { role: 'teacher', node: bigTree.classA });
    const few = await t.makePerson(big, { role: 'teacher', node: bigTree.classB });
    const now = new Date().toISOString();
    const groups = [bigTree.classA];
    for (let g = 1; g < 10; g++) groups.push(await insertNode(t.db, big.id, { parentId: bigTree.grade, typeId: bigTree.types.class, name: `Grupo ${g}` }));
    for (const node of groups) {
      if (node !== bigTree.classA) await t.assign(many, node, 'teacher');
      const people = Array.from({ length: 40 }, (_, i) => ({
        org_id: big.id, first_name: `E${i}`, last_name: `G${node}`, is_admin: 0, created_at: now, search_key: `e${i}|g${node}`, sort_key: `g${node}\te${i}`,
      }));
      const rows = await t.db.insertInto('people').values(people).returning('id').execute();
      await t.db.insertInto('memberships').values(rows.map((r) => ({ org_id: big.id, node_id: node, person_id: r.id, role: 'student', enrollment_status: 'active', created_at: now }))).execute();
      const task = await publish(many, node, { title: `Tarea ${node}`, dueDate: inDays(2), points: 10 });
      const classroomPost = await t.db.selectFrom('classroom_posts').select('id').where('org_id', '=', big.id).where('post_id', '=', task).executeTakeFirstOrThrow();
      await t.db.insertInto('classroom_submissions').values(rows.slice(0, 10).map((r) => ({
        org_id: big.id, classroom_post_id: classroomPost.id, student_id: r.id, status: 'turned_in', turned_in_at: now, updated_at: now,
      }))).execute();
    }
    await publish(few, bigTree.classB, { title: 'Sola', dueDate: inDays(2) });

    const queriesOf = async (person: TestPerson) => {
      let queries = 0;
      const counter: KyselyPlugin = { transformQuery: (args) => args.node, transformResult: async (args) => ((queries += 1), args.result) };
      const ctx = { db: t.db.withPlugin(counter), org: big, caller: null, services: t.app.patio, origin: 'http://localhost' };
      const teaching = await readTeaching(ctx, person.id);
      return { queries, teaching };
    };
    const large = await queriesOf(many);
    expect(large.teaching.groups).toHaveLength(10);
    expect(large.teaching.groups.every((g) => g.students === 40 && g.tasks === 1 && g.toReview === 10)).toBe(true);
    expect(large.teaching.toReview).toHaveLength(100);
    expect(large.teaching.upcoming).toHaveLength(10);
    const small = await queriesOf(few);
    expect(small.teaching.groups).toHaveLength(1);
    expect(large.queries).toBe(small.queries);
    expect(large.queries).toBeLessThanOrEqual(6);
  });

  it("item 2: the gradebook has a row per current student and a column per task: the grade, else the status in the caller's language", async () => {
    const res = await grades(teacher);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="3A - calificaciones\.csv"/);
    const day = (postId: number) => t.db.selectFrom('classroom_posts').select('due_date').where('org_id', '=', school.id).where('post_id', '=', postId).executeTakeFirstOrThrow()
      .then((r) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(r.due_date!)));
    const rows = csvRows(res.body, ';');
    expect(rows[0]).toEqual([
      'Nombres', 'Primer apellido', 'Segundo apellido',
      `Taller vencido (entrega ${await day(posts.task4)})`, `=HYPERLINK("http://x","y") (entrega ${await day(posts.task2)})`,
      `Ensayo (entrega ${await day(posts.task1)})`, 'Lectura libre',
    ]);
    expect(rows.slice(1)).toEqual([
      ['Ana', 'Álvarez', '', 'Entregada', 'Asignada', 'Entregada', 'Asignada'],
      ['Bea', 'Bernal', '', 'Sin entregar', 'Asignada', '7', 'Asignada'],
      ['Ciro', 'Cano', '', '8,5', 'Asignada', 'Asignada', 'Asignada'],
    ]);
    // A title that looks like a formula is written as text.
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"",""y"")`);

    // The caller's own language picks the words and the delimiter; `lang` wins over it.
    await t.db.updateTable('people').set({ language: 'en' }).where('org_id', '=', school.id).where('id', '=', teacher.id).execute();
    const english = csvRows((await grades(teacher)).body, ',');
    expect(english[0].slice(0, 3)).toEqual(['First names', 'Last name', 'Second last name']);
    expect(english[0][3]).toMatch(/^Taller vencido \(due \d{4}-\d{2}-\d{2}\)$/);
    expect(english[2]).toEqual(['Bea', 'Bernal', '', 'Missing', 'Assigned', '7', 'Assigned']);
    expect(english[3][3]).toBe('8.5');
    const german = csvRows((await grades(teacher, '?lang=de')).body, ';');
    expect(german[1].slice(3)).toEqual(['Abgegeben', 'Zugewiesen', 'Abgegeben', 'Zugewiesen']);
    expect(csvRows((await grades(teacher, '?lang=de&delimiter=comma')).body, ',')[0]).toHaveLength(7);
  });

  it('item 2: the gradebook as XLSX holds the same rows, grades as numbers; by format or by Accept', async () => {
    for (const lang of ['es', 'en', 'fr'] as const) {
      const csv = await grades(admin, `?lang=${lang}`);
      const xlsx = await grades(admin, `?lang=${lang}&format=xlsx`);
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(xlsx.headers['content-type']).toBe(XLSX);
      expect(await xlsxRows(xlsx.rawPayload, lang === 'en' ? '.' : ',')).toEqual(csvRows(csv.body, lang === 'en' ? ',' : ';'));
    }
    const accepted = await grades(admin, '', { accept: XLSX });
    expect(accepted.headers['content-type']).toBe(XLSX);
    expect((await grades(admin, '', { accept: '*/*' })).headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((await grades(admin, '?format=pdf')).statusCode).toBe(400);
    expect((await grades(admin, '?lang=xx')).statusCode).toBe(400);
    expect((await grades(admin, '?lang=es%00')).statusCode).toBe(400);
  });

  it("item 2: only the group's teachers and administrators get the gradebook; everyone else 404", async () => {
    for (const who of [teacherB, s1, parent1]) {
      const res = await grades(who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
    }
    const other = await t.makeSchool();
    const otherAdmin = await t.makePerson(other, { role: 'admin' });
    expect((await as(t, otherAdmin, 'GET', `nodes/${tree.classA}/grades.csv`)).statusCode).toBe(404);
    expect((await as(t, admin, 'GET', 'nodes/2147483000/grades.csv')).statusCode).toBe(404);
    const registrant = await makeRegistrant(t, school);
    expect((await as(t, registrant, 'GET', `nodes/${tree.classA}/grades.csv`)).statusCode).toBe(403);
  });
});
