import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { uploadOf } from '../files/files.authz.fixtures';
import { ARCHIVE_NODE_TYPE, insertNode, insertNodeType } from '../nodes/nodes.queries';
import { as, ids, norteAccount, recipientsOf, rowCounts } from '../posts/posts.fixtures';

// Issue 35 on both databases: classroom posts are posts delivered to a group's students, tasks are
// turned in (late after the due date) and returned with a grade; who sees what; bad input writes nothing.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const task = (extra: Record<string, unknown> = {}) => ({ kind: 'task', title: 'Taller de fracciones', description: '<p>Resolver la guía.</p>', dueDate: inDays(2), points: 10, ...extra });

describeOnDatabases('classroom', (t) => {
  let w: World;
  let studentC: TestPerson;
  let parentC: TestPerson;
  const publish = (who: TestPerson, node: number, body: unknown) => as(t, who, 'POST', `nodes/${node}/classroom/posts`, body);
  const submit = (who: TestPerson, student: TestPerson, node: number, postId: number, body: unknown) =>
    as(t, who, 'PUT', `people/${student.id}/classroom/${node}/posts/${postId}/submission`, body);
  const newTask = async (extra: Record<string, unknown> = {}) => {
    const res = await publish(w.teacherA, w.tree.classA, task(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const classroomCounts = async () => {
    const n = async (table: 'classroom_posts' | 'classroom_submissions' | 'classroom_submission_changes') =>
      Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('org_id', '=', w.school.id).executeTakeFirstOrThrow()).n);
    return { ...(await rowCounts(t, w.school.id)), classroom: await n('classroom_posts'), submissions: await n('classroom_submissions'), changes: await n('classroom_submission_changes') };
  };
  /** Moves a task's due date into the past, as if time had passed. */
  const pastDue = (postId: number) =>
    t.db.updateTable('classroom_posts').set({ due_date: new Date(Date.now() - 60_000).toISOString() }).where('org_id', '=', w.school.id).where('post_id', '=', postId).execute();

  beforeAll(async () => {
    w = await makeWorld(t);
    studentC = await t.makePerson(w.school, { role: 'student', node: w.tree.classA, firstName: 'Carla', lastName: 'Zuluaga' });
    parentC = await t.makePerson(w.school, { relativeOf: studentC, gender: 'female', firstName: 'Carmen' });
  });

  it("item 1: a classroom task is a post delivered to the group's students (and relatives when asked), with its classroom row", async () => {
    const id = await newTask({ audience: { relatives: true } });
    expect(await recipientsOf(t, w.school.id, id)).toEqual(ids(w.studentA, studentC, w.parentA, parentC));
    const row = await t.db.selectFrom('classroom_posts').selectAll().where('org_id', '=', w.school.id).where('post_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ node_id: w.tree.classA, kind: 'task', points: 10 });
    const post = await t.db.selectFrom('posts').select(['author_id', 'status', 'title']).where('org_id', '=', w.school.id).where('id', '=', id).executeTakeFirstOrThrow();
    expect(post).toEqual({ author_id: w.teacherA.id, status: 'published', title: 'Taller de fracciones' });
    // The recipients read it as any post.
    expect((await as(t, w.studentA, 'GET', `posts/${id}`)).statusCode).toBe(200);

    const material = await publish(w.admin, w.tree.classA, { kind: 'material', title: 'Guía', description: '<p>Lectura</p>' });
    expect(material.statusCode).toBe(201);
    expect(await recipientsOf(t, w.school.id, material.json().id)).toEqual(ids(w.studentA, studentC));
  });

  it('item 1: bad classroom posts are refused with a clear code and write nothing', async () => {
    const before = await classroomCounts();
    const refused = async (body: unknown, code: string) => {
      const res = await publish(w.teacherA, w.tree.classA, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(code);
    };
    await refused(task({ dueDate: inDays(-1) }), 'due_date_past');
    await refused({ kind: 'material', title: 'x', dueDate: inDays(1) }, 'not_a_task');
    await refused({ kind: 'announcement', title: 'x', points: 5 }, 'not_a_task');
    await refused(task({ audience: { people: [w.parentB.id] } }), 'classroom_audience');
    await refused(task({ publishDate: inDays(1) }), 'classroom_schedule');
    await refused(task({ kind: 'quiz' }), 'invalid_request');
    await refused(task({ points: 0 }), 'invalid_request');
    await refused(task({ title: 'a\u0000b' }), 'invalid_characters');
    expect(await classroomCounts()).toEqual(before);
  });

  it('item 2: a student lists the posts newest first with their status, turns in, and is late after the due date', async () => {
    const first = await newTask({ title: 'Primera' });
    const second = await newTask({ title: 'Segunda', points: null });
    const list = await as(t, w.studentA, 'GET', `people/${w.studentA.id}/classroom/${w.tree.classA}/posts?kind=task`);
    expect(list.statusCode).toBe(200);
    const posts = list.json() as { id: number; kind: string; submission: { status: string } | null; points: number | null }[];
    expect(posts.slice(0, 2).map((p) => p.id)).toEqual([second, first]);
    expect(posts.every((p) => p.kind === 'task')).toBe(true);
    expect(posts[0]).toMatchObject({ points: null, submission: { status: 'assigned' } });

    const { fileId } = await uploadOf(w.studentA, t);
    const saved = await submit(w.studentA, w.studentA, w.tree.classA, first, { text: 'Mi borrador', files: [fileId], turnIn: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'assigned', text: 'Mi borrador', files: [{ id: fileId, name: 'mio.txt' }], turnedInAt: null });
    const turned = await submit(w.studentA, w.studentA, w.tree.classA, first, { turnIn: true });
    expect(turned.json()).toMatchObject({ status: 'turned_in', text: 'Mi borrador' });
    expect(turned.json().turnedInAt).not.toBeNull();

    await pastDue(second);
    const detailC = await as(t, studentC, 'GET', `people/${studentC.id}/classroom/${w.tree.classA}/posts/${second}`);
    expect(detailC.json()).toMatchObject({ id: second, kind: 'task', groupId: w.tree.classA, submission: { studentId: studentC.id, status: 'missing' } });
    expect((await submit(studentC, studentC, w.tree.classA, second, { text: 'Tarde', turnIn: true })).json().status).toBe('late');

    // A parent reads their child's status and submission, read only.
    const parentList = (await as(t, w.parentA, 'GET', `people/${w.parentA.id}/classroom/${w.tree.classA}/posts`)).json() as { id: number; submission: unknown }[];
    expect(parentList.find((p) => p.id === first)!.submission).toEqual({ status: 'turned_in' });
    const parentDetail = await as(t, w.parentA, 'GET', `people/${w.studentA.id}/classroom/${w.tree.classA}/posts/${first}`);
    expect(parentDetail.json().submission).toMatchObject({ studentId: w.studentA.id, status: 'turned_in', text: 'Mi borrador' });
    expect((await submit(w.parentA, w.studentA, w.tree.classA, first, { turnIn: false })).statusCode).toBe(403);

    // Taking a turn-in back, with its history kept.
    expect((await submit(w.studentA, w.studentA, w.tree.classA, first, { turnIn: false })).json().status).toBe('assigned');
    const history = await t.db.selectFrom('classroom_submission_changes').innerJoin('classroom_submissions', (j) => j.onRef('classroom_submissions.id', '=', 'classroom_submission_changes.submission_id').on('classroom_submissions.org_id', '=', w.school.id))
      .innerJoin('classroom_posts', (j) => j.onRef('classroom_posts.id', '=', 'classroom_submissions.classroom_post_id').on('classroom_posts.org_id', '=', w.school.id))
      .select(['classroom_submission_changes.action', 'classroom_submission_changes.changed_by'])
      .where('classroom_submission_changes.org_id', '=', w.school.id).where('classroom_posts.post_id', '=', first).orderBy('classroom_submission_changes.id').execute();
    expect(history).toEqual([
      { action: 'saved', changed_by: w.studentA.id },
      { action: 'turned_in', changed_by: w.studentA.id },
      { action: 'unsubmitted', changed_by: w.studentA.id },
    ]);
  });

  it("item 2: the teacher sees every student's submission and returns it graded; the student sees the grade only once returned", async () => {
    const id = await newTask();
    await submit(w.studentA, w.studentA, w.tree.classA, id, { text: 'Listo', turnIn: true });
    const lines = await as(t, w.teacherA, 'GET', `posts/${id}/submissions`);
    expect(lines.statusCode, lines.body).toBe(200);
    const byStudent = new Map((lines.json() as { student: { id: number }; status: string; grade: number | null }[]).map((l) => [l.student.id, l]));
    expect([...byStudent.keys()].sort((a, b) => a - b)).toEqual(ids(w.studentA, studentC));
    expect(byStudent.get(w.studentA.id)).toMatchObject({ status: 'turned_in', grade: null });
    expect(byStudent.get(studentC.id)).toMatchObject({ status: 'assigned', turnedInAt: null });

    const review = (body: unknown, student = w.studentA) => as(t, w.teacherA, 'PUT', `posts/${id}/submissions/${student.id}`, body);
    const before = await classroomCounts();
    expect((await review({ grade: 11, return: true })).json().error).toBe('grade_out_of_range');
    expect((await review({ grade: -1, return: true })).statusCode).toBe(400);
    expect((await review({ grade: 5, return: true }, w.studentB)).statusCode).toBe(404);
    expect(await classroomCounts()).toEqual(before);

    expect((await review({ grade: 9, feedback: 'Muy bien', return: false })).json()).toMatchObject({ status: 'turned_in', grade: 9, feedback: 'Muy bien' });
    const hidden = (await as(t, w.studentA, 'GET', `people/${w.studentA.id}/classroom/${w.tree.classA}/posts/${id}`)).json();
    expect(hidden.submission).toMatchObject({ status: 'turned_in', grade: null, feedback: '' });

    const returned = await review({ return: true });
    expect(returned.json()).toMatchObject({ status: 'returned', grade: 9, feedback: 'Muy bien' });
    const seen = (await as(t, w.studentA, 'GET', `people/${w.studentA.id}/classroom/${w.tree.classA}/posts/${id}`)).json();
    expect(seen.submission).toMatchObject({ status: 'returned', grade: 9, feedback: 'Muy bien' });
    expect(seen.submission.returnedAt).not.toBeNull();
    const ofParent = (await as(t, w.parentA, 'GET', `people/${w.studentA.id}/classroom/${w.tree.classA}/posts/${id}`)).json();
    expect(ofParent.submission).toMatchObject({ status: 'returned', grade: 9 });

    // A material takes no submissions.
    const material = (await publish(w.teacherA, w.tree.classA, { kind: 'material', title: 'Guía' })).json().id;
    expect((await as(t, w.teacherA, 'GET', `posts/${material}/submissions`)).json().error).toBe('not_a_task');
    expect((await submit(w.studentA, w.studentA, w.tree.classA, material, { turnIn: true })).json().error).toBe('not_a_task');
  });

  it('item 2: a person lists their classroom groups with role and pending tasks', async () => {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const teacher = await t.makePerson(school, { role: 'teacher', node: tree.classA });
    const student = await t.makePerson(school, { role: 'student', node: tree.classA });
    const parent = await t.makePerson(school, { relativeOf: student });
    const created = await as(t, teacher, 'POST', `nodes/${tree.classA}/classroom/posts`, task());
    await as(t, teacher, 'POST', `nodes/${tree.classA}/classroom/posts`, task({ title: 'Otra' }));
    await as(t, teacher, 'POST', `nodes/${tree.classA}/classroom/posts`, { kind: 'announcement', title: 'Aviso' });
    await as(t, student, 'PUT', `people/${student.id}/classroom/${tree.classA}/posts/${created.json().id}/submission`, { turnIn: true });
    const groups = async (who: TestPerson, of = who) => (await as(t, who, 'GET', `people/${of.id}/classroom`)).json();
    expect(await groups(student)).toEqual([{ id: tree.classA, name: expect.any(String), role: 'student', pending: 1 }]);
    expect(await groups(parent)).toEqual([{ id: tree.classA, name: expect.any(String), role: 'relative', pending: 1 }]);
    expect(await groups(parent, student)).toEqual([{ id: tree.classA, name: expect.any(String), role: 'student', pending: 1 }]);
    expect(await groups(teacher)).toEqual([{ id: tree.classA, name: expect.any(String), role: 'teacher', pending: 1 }]);
  });

  it('item 2: the classroom lists classes and groups with classroom posts, never a bus route nor an archived year', async () => {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const student = await t.makePerson(school, { role: 'student', node: tree.classA });
    const parent = await t.makePerson(school, { relativeOf: student });
    const type = (key: string) => insertNodeType(t.db, school.id, { key, singular: { en: key }, plural: { en: key } });
    const route = await insertNode(t.db, school.id, { parentId: tree.root, typeId: await type('route'), name: 'Ruta 1' });
    const team = await insertNode(t.db, school.id, { parentId: tree.root, typeId: tree.types.team, name: 'Fútbol' });
    const year = await insertNode(t.db, school.id, { parentId: tree.root, typeId: await type(ARCHIVE_NODE_TYPE), name: 'Año lectivo 2025' });
    const oldClass = await insertNode(t.db, school.id, { parentId: year, typeId: tree.types.class, name: '2A' });
    for (const node of [route, team, oldClass]) await t.enroll(student, node);
    const names = async (who: TestPerson, of = who) => ((await as(t, who, 'GET', `people/${of.id}/classroom`)).json() as { name: string }[]).map((g) => g.name);
    expect(await names(student)).toEqual(['3A']);
    expect(await names(parent)).toEqual(['3A']);

    const admin = await t.makePerson(school, { role: 'admin' });
    expect((await as(t, admin, 'POST', `nodes/${team}/classroom/posts`, { kind: 'announcement', title: 'Entreno el sábado' })).statusCode).toBe(201);
    expect(await names(student)).toEqual(['3A', 'Fútbol']);
    expect(await names(parent, student)).toEqual(['3A', 'Fútbol']);
  });

  it('item 3: other groups, other schools, other families and unapproved registrations get nothing', async () => {
    const id = await newTask();
    // A teacher of another group: 404 everywhere.
    expect((await publish(w.teacherB, w.tree.classA, task())).statusCode).toBe(404);
    expect((await as(t, w.teacherB, 'GET', `posts/${id}/submissions`)).statusCode).toBe(404);
    expect((await as(t, w.teacherB, 'PUT', `posts/${id}/submissions/${w.studentA.id}`, { return: true })).statusCode).toBe(404);
    expect((await as(t, w.teacherB, 'GET', `people/${w.teacherB.id}/classroom/${w.tree.classA}/posts`)).statusCode).toBe(404);
    // A student reads the post but never the others' submissions, nor another student's.
    expect((await as(t, w.studentA, 'GET', `posts/${id}/submissions`)).statusCode).toBe(403);
    expect((await as(t, w.studentA, 'GET', `people/${studentC.id}/classroom/${w.tree.classA}/posts/${id}`)).statusCode).toBe(403);
    expect((await submit(w.studentA, studentC, w.tree.classA, id, { turnIn: true })).statusCode).toBe(403);
    expect((await publish(w.studentA, w.tree.classA, task())).statusCode).toBe(404);
    // Another family.
    expect((await as(t, w.parentB, 'GET', `people/${w.studentA.id}/classroom`)).statusCode).toBe(403);
    expect((await as(t, w.parentB, 'GET', `people/${w.parentB.id}/classroom/${w.tree.classA}/posts/${id}`)).statusCode).toBe(404);
    expect((await as(t, w.studentB, 'GET', `people/${w.studentB.id}/classroom/${w.tree.classA}/posts`)).statusCode).toBe(404);
    // Another school: its administrator with the world's ids on their own base.
    const norte = await norteAccount(t, w, 'admin');
    expect((await as(t, norte, 'GET', `posts/${id}/submissions`)).statusCode).toBe(404);
    expect((await as(t, norte, 'POST', `nodes/${w.tree.classA}/classroom/posts`, task())).statusCode).toBe(404);
    expect((await as(t, norte, 'GET', `people/${w.studentA.id}/classroom`)).statusCode).toBe(404);
    const foreign = await t.request({ method: 'GET', url: `/api/${w.school.code}/posts/${id}/submissions`, token: await t.signIn(norte) });
    expect([401, 403]).toContain(foreign.statusCode);
    // An unapproved registration.
    const registrant = await makeRegistrant(t, w.school);
    expect((await as(t, registrant, 'GET', `people/${registrant.id}/classroom`)).statusCode).toBe(403);
    expect((await as(t, registrant, 'GET', `posts/${id}/submissions`)).statusCode).toBe(403);
  });

  it('item 3: 20 parallel turn-ins leave one submission and one turn-in in its history', async () => {
    const id = await newTask();
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(studentC, studentC, w.tree.classA, id, { text: 'Hecho', turnIn: true })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().status))).toEqual(new Set(['turned_in']));
    const rows = await t.db.selectFrom('classroom_submissions').innerJoin('classroom_posts', (j) => j.onRef('classroom_posts.id', '=', 'classroom_submissions.classroom_post_id').on('classroom_posts.org_id', '=', w.school.id))
      .select(['classroom_submissions.id']).where('classroom_submissions.org_id', '=', w.school.id).where('classroom_posts.post_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const changes = await t.db.selectFrom('classroom_submission_changes').select('action').where('org_id', '=', w.school.id).where('submission_id', '=', rows[0].id).execute();
    expect(changes).toEqual([{ action: 'turned_in' }]);
  });

  it('item 3: NUL bytes, huge text and files that are not the student’s are refused with 400 and change nothing', async () => {
    const id = await newTask();
    const before = await classroomCounts();
    const refused = async (body: unknown) => {
      const res = await submit(w.studentA, w.studentA, w.tree.classA, id, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error as string;
    };
    await refused({ text: 'a\u0000b', turnIn: true });
    await refused({ text: 'x'.repeat(20_001), turnIn: true });
    await refused({ turnIn: 'yes' });
    const { fileId } = await uploadOf(studentC, t);
    expect(await refused({ files: [fileId], turnIn: true })).toBe('invalid_files');
    // An upload of her own she has put in the trash cannot be turned in either.
    const trashed = (await uploadOf(w.studentA, t)).fileId;
    const trash = await as(t, w.studentA, 'PUT', `people/${w.studentA.id}/uploads/${trashed}`, { deleteDate: new Date().toISOString() });
    expect(trash.statusCode, trash.body).toBe(200);
    expect(await refused({ files: [trashed], turnIn: true })).toBe('invalid_files');
    const review = await as(t, w.teacherA, 'PUT', `posts/${id}/submissions/${w.studentA.id}`, { feedback: 'f\u0000', return: true });
    expect(review.statusCode).toBe(400);
    expect((await as(t, w.teacherA, 'PUT', `posts/${id}/submissions/${w.studentA.id}`, { feedback: 'x'.repeat(5_001), return: true })).statusCode).toBe(400);
    expect(await classroomCounts()).toEqual(before);
  });
});
