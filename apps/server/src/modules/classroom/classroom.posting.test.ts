import { beforeAll, expect, it } from 'vitest';
import type { SchoolTree, TestPerson } from '../../test/factories';
import { describeOnDatabases, type Org } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { addBlock } from '../blocks/blocks.fixtures';
import { uploadOf } from '../files/files.authz.fixtures';
import { as, ids, publishAs, recipientsOf, rowCounts, rule } from '../posts/posts.fixtures';
import { studentsOfGroup } from './classroom.service';

// Issue 35 on both databases: a saved draft published as a classroom post, turn-ins by relatives where
// the school allows it, and the posts addressed to a node (/nodes/{id}/posts/{type}).

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describeOnDatabases('classroom drafts, relatives and node posts', (t) => {
  let school: Org;
  let tree: SchoolTree;
  let teacher: TestPerson;
  let teacherB: TestPerson;
  let admin: TestPerson;
  let student: TestPerson;
  let classmate: TestPerson;
  let studentB: TestPerson;
  let parent: TestPerson;
  let parentB: TestPerson;

  const draftOf = async (author: TestPerson, body: Record<string, unknown> = {}) => {
    const res = await as(t, author, 'POST', `people/${author.id}/posts/drafts`, { title: 'Taller con video', description: '<p>Ver y responder.</p>', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const publish = (who: TestPerson, body: unknown, node = tree.classA) => as(t, who, 'POST', `nodes/${node}/classroom/posts`, body);
  const statusOf = async (postId: number) =>
    (await t.db.selectFrom('posts').select('status').where('org_id', '=', school.id).where('id', '=', postId).executeTakeFirstOrThrow()).status;
  const classroomRows = async (postId?: number) => {
    let q = t.db.selectFrom('classroom_posts').select((eb) => eb.fn.countAll<number | string>().as('n')).where('org_id', '=', school.id);
    if (postId !== undefined) q = q.where('post_id', '=', postId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const counts = async (): Promise<Record<string, number>> => ({ ...(await rowCounts(t, school.id)), classroom: await classroomRows() });
  const submit = (who: TestPerson, of: TestPerson, postId: number, body: unknown) => as(t, who, 'PUT', `people/${of.id}/classroom/${tree.classA}/posts/${postId}/submission`, body);
  const setRelativesTurnIn = async (on: boolean) => {
    const res = await as(t, admin, 'PUT', 'settings/classroom', { relativesTurnIn: on });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ relativesTurnIn: on });
  };

  beforeAll(async () => {
    school = await t.makeSchool();
    tree = await t.makeTree(school);
    teacher = await t.makePerson(school, { role: 'teacher', node: tree.classA, firstName: 'Teresa' });
    teacherB = await t.makePerson(school, { role: 'teacher', node: tree.classB, firstName: 'Tomás' });
    admin = await t.makePerson(school, { role: 'admin' });
    student = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Ana' });
    classmate = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Beto', gender: 'male' });
    studentB = await t.makePerson(school, { role: 'student', node: tree.classB, firstName: 'Ciro', gender: 'male' });
    parent = await t.makePerson(school, { relativeOf: student, firstName: 'Paula' });
    parentB = await t.makePerson(school, { relativeOf: studentB, firstName: 'Berta' });
  });

  it("item 3: a saved draft is published in place as a classroom post: same id, its blocks, the group's audience instead of its own", async () => {
    const draft = await draftOf(teacher, { type: 'circular', audience: { people: [parentB.id] } });
    await addBlock(t, teacher, draft, 'youtube', YOUTUBE);
    const res = await publish(teacher, { draft, kind: 'task', dueDate: inDays(2), points: 10, relatives: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: draft });
    expect(await statusOf(draft)).toBe('published');
    expect(await recipientsOf(t, school.id, draft)).toEqual(ids(student, classmate, parent));
    const stored = await t.db.selectFrom('posts').select(['type', 'title', 'audience']).where('org_id', '=', school.id).where('id', '=', draft).executeTakeFirstOrThrow();
    expect(stored.type).toBe('circular');
    expect(JSON.parse(stored.audience)).toEqual({ people: [], rules: studentsOfGroup(tree.classA), relatives: true });
    const row = await t.db.selectFrom('classroom_posts').select(['node_id', 'kind', 'points']).where('org_id', '=', school.id).where('post_id', '=', draft).executeTakeFirstOrThrow();
    expect(row).toEqual({ node_id: tree.classA, kind: 'task', points: 10 });
    // The student reads it with its block, and it is a task of their classroom.
    const blocks = await as(t, student, 'GET', `posts/${draft}/blocks`);
    expect(blocks.json()).toMatchObject([{ type: 'youtube', url: YOUTUBE }]);
    const detail = await as(t, student, 'GET', `people/${student.id}/classroom/${tree.classA}/posts/${draft}`);
    expect(detail.json()).toMatchObject({ id: draft, kind: 'task', title: 'Taller con video', points: 10, submission: { status: 'assigned' } });
    // Published once: the same draft again is 409 and writes nothing.
    const before = await counts();
    const again = await publish(teacher, { draft, kind: 'task', dueDate: inDays(2) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('not_a_draft');
    expect(await counts()).toEqual(before);
  });

  it('item 3: 20 parallel publishes of one draft make one post, one classroom row, one set of stubs', async () => {
    const draft = await draftOf(teacher);
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 20 }, () => publish(teacher, { draft, kind: 'announcement' })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().error === 'not_a_draft')).toBe(true);
    expect(await classroomRows(draft)).toBe(1);
    expect(await recipientsOf(t, school.id, draft)).toEqual(ids(student, classmate));
    const after = await counts();
    expect(after).toEqual({ ...before, stubs: before.stubs + 2, jobs: after.jobs, classroom: before.classroom + 1 });
    expect(after.jobs - before.jobs).toBeLessThanOrEqual(2);
  });

  it("item 3: a draft of anyone else, or another group's teacher, gets 404 and the draft stays a draft", async () => {
    const others = await draftOf(teacherB);
    const mine = await draftOf(teacher);
    const published = (await publishAs(t, teacherB, { title: 'Aviso', audience: { people: [parentB.id] } })).json().id;
    const before = await counts();
    expect((await publish(teacher, { draft: others, kind: 'material' })).statusCode).toBe(404);
    // An administrator may publish to the group, but not someone else's draft.
    expect((await publish(admin, { draft: mine, kind: 'material' })).statusCode).toBe(404);
    // Teacher B owns the draft but does not teach class A.
    expect((await publish(teacherB, { draft: others, kind: 'material' })).statusCode).toBe(404);
    // A published post of someone else's, or an id the school does not have.
    expect((await publish(teacher, { draft: published, kind: 'material' })).statusCode).toBe(404);
    expect((await publish(teacher, { draft: 2_147_483_000, kind: 'material' })).statusCode).toBe(404);
    // Another school's teacher with this school's ids on their own base.
    const other = await t.makeSchool();
    const otherTree = await t.makeTree(other);
    const otherTeacher = await t.makePerson(other, { role: 'teacher', node: otherTree.classA });
    expect((await as(t, otherTeacher, 'POST', `nodes/${tree.classA}/classroom/posts`, { draft: mine, kind: 'material' })).statusCode).toBe(404);
    expect((await as(t, otherTeacher, 'POST', `nodes/${otherTree.classA}/classroom/posts`, { draft: mine, kind: 'material' })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    expect(await statusOf(others)).toBe('draft');
    expect(await statusOf(mine)).toBe('draft');
  });

  it('item 3: the rules of a classroom post hold for a draft: bad fields, events, quotes and schedules are 400 and write nothing', async () => {
    const draft = await draftOf(teacher);
    const quoted = (await publishAs(t, teacher, { title: 'Citada', audience: { people: [student.id] } })).json().id;
    const withQuote = await draftOf(teacher, { quotes: [quoted] });
    const withEvent = await draftOf(teacher, { event: { title: 'Salida', startDate: Math.floor(Date.now() / 1000) + 86_400 } });
    const scheduled = await draftOf(teacher, { publishDate: inDays(3) });
    const before = await counts();
    const refused = async (body: unknown, code: string) => {
      const res = await publish(teacher, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(code);
    };
    await refused({ draft, kind: 'task', dueDate: inDays(-1) }, 'due_date_past');
    await refused({ draft, kind: 'material', points: 5 }, 'not_a_task');
    await refused({ draft: withQuote, kind: 'material' }, 'classroom_quotes');
    await refused({ draft: withEvent, kind: 'material' }, 'classroom_event');
    await refused({ draft: scheduled, kind: 'material' }, 'classroom_schedule');
    // The draft form takes only its own fields; a draft id is a whole number; NUL bytes go nowhere.
    await refused({ draft, kind: 'material', title: 'Otro' }, 'invalid_request');
    await refused({ draft, kind: 'material', audience: { people: [parentB.id] } }, 'invalid_request');
    await refused({ draft: String(draft), kind: 'material' }, 'invalid_request');
    await refused({ draft: -draft, kind: 'material' }, 'invalid_request');
    await refused({ draft, kind: 'task\u0000' }, 'invalid_characters');
    await refused({ draft, kind: 'task', points: 1001 }, 'invalid_request');
    expect(await counts()).toEqual(before);
    for (const id of [draft, withQuote, withEvent, scheduled]) expect(await statusOf(id)).toBe('draft');
    // The draft is still publishable once the request is right.
    expect((await publish(teacher, { draft, kind: 'task', dueDate: inDays(1) })).statusCode).toBe(201);
  });

  it('item 4: relatives turn work in only where the school allows it, and the history names who did', async () => {
    const task = (await publish(teacher, { kind: 'task', title: 'Dibujo', dueDate: inDays(2) })).json().id as number;
    expect((await as(t, parent, 'GET', 'settings/classroom')).json()).toEqual({ relativesTurnIn: false });
    const off = await submit(parent, student, task, { text: 'Lo hizo Ana', turnIn: true });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });

    // Only administrators change the setting; other settings of the school stay.
    expect((await as(t, admin, 'PUT', 'settings/time-zone', { timeZone: 'America/Lima' })).statusCode).toBe(200);
    expect((await as(t, teacher, 'PUT', 'settings/classroom', { relativesTurnIn: true })).statusCode).toBe(403);
    expect((await as(t, parent, 'PUT', 'settings/classroom', { relativesTurnIn: true })).statusCode).toBe(403);
    expect((await as(t, admin, 'PUT', 'settings/classroom', { relativesTurnIn: 'yes' })).statusCode).toBe(400);
    expect((await as(t, admin, 'PUT', 'settings/classroom', { relativesTurnIn: true, other: 1 })).statusCode).toBe(400);
    expect((await as(t, admin, 'PUT', 'settings/classroom', {})).statusCode).toBe(400);
    await setRelativesTurnIn(true);
    expect((await as(t, student, 'GET', 'settings/classroom')).json()).toEqual({ relativesTurnIn: true });
    const stored = await t.db.selectFrom('orgs').select('settings').where('id', '=', school.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.settings)).toMatchObject({ timeZone: 'America/Lima', 'classroom.relativesTurnIn': true });

    const { fileId } = await uploadOf(parent, t);
    const on = await submit(parent, student, task, { text: 'Lo hizo Ana', files: [fileId], turnIn: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ studentId: student.id, status: 'turned_in', text: 'Lo hizo Ana', files: [{ id: fileId }] });
    expect((await as(t, student, 'GET', `people/${student.id}/classroom/${tree.classA}/posts/${task}`)).json().submission).toMatchObject({ status: 'turned_in', text: 'Lo hizo Ana' });
    expect((await submit(student, student, task, { turnIn: false })).json().status).toBe('assigned');
    const history = await t.db.selectFrom('classroom_submission_changes')
      .innerJoin('classroom_submissions', (j) => j.onRef('classroom_submissions.id', '=', 'classroom_submission_changes.submission_id').on('classroom_submissions.org_id', '=', school.id))
      .innerJoin('classroom_posts', (j) => j.onRef('classroom_posts.id', '=', 'classroom_submissions.classroom_post_id').on('classroom_posts.org_id', '=', school.id))
      .select(['classroom_submission_changes.action', 'classroom_submission_changes.changed_by'])
      .where('classroom_submission_changes.org_id', '=', school.id).where('classroom_posts.post_id', '=', task)
      .orderBy('classroom_submission_changes.id').execute();
    expect(history).toEqual([{ action: 'turned_in', changed_by: parent.id }, { action: 'unsubmitted', changed_by: student.id }]);

    // Switched off again: the relative is refused at once.
    await setRelativesTurnIn(false);
    expect((await submit(parent, student, task, { turnIn: true })).statusCode).toBe(403);
  });

  it("item 4: with the setting on, nobody else turns work in: another family, a sibling, an unapproved registrant, a teacher, another school", async () => {
    const task = (await publish(teacher, { kind: 'task', title: 'Maqueta', dueDate: inDays(2) })).json().id as number;
    await setRelativesTurnIn(true);
    try {
      const before = await counts();
      const submissions = () => t.db.selectFrom('classroom_submissions').select('id').where('org_id', '=', school.id).execute();
      const rowsBefore = (await submissions()).length;
      expect((await submit(parentB, student, task, { turnIn: true })).statusCode).toBe(403);
      const sibling = await t.makePerson(school, { relativeOf: student, kind: 'brother', gender: 'male' });
      expect((await submit(sibling, student, task, { turnIn: true })).statusCode).toBe(403);
      const registrant = await makeRegistrant(t, school);
      await t.relate(registrant, student, 'mother');
      const pending = await submit(registrant, student, task, { turnIn: true });
      expect(pending.statusCode).toBe(403);
      expect((await submit(teacher, student, task, { turnIn: true })).statusCode).toBe(403);
      expect((await submit(admin, student, task, { turnIn: true })).statusCode).toBe(403);
      // A parent turning in for one child cannot turn in for the child's classmate, nor attach someone else's upload.
      expect((await submit(parent, classmate, task, { turnIn: true })).statusCode).toBe(403);
      const { fileId } = await uploadOf(classmate, t);
      const foreignFile = await submit(parent, student, task, { files: [fileId], turnIn: true });
      expect(foreignFile.statusCode).toBe(400);
      expect(foreignFile.json().error).toBe('invalid_files');
      expect((await submit(parent, student, task, { text: 'a\u0000b', turnIn: true })).statusCode).toBe(400);
      // Another school with the setting on: its parent has no way into this one.
      const other = await t.makeSchool({ settings: { 'classroom.relativesTurnIn': true } });
      const otherParent = await t.makePerson(other, {});
      expect((await as(t, otherParent, 'PUT', `people/${student.id}/classroom/${tree.classA}/posts/${task}/submission`, { turnIn: true })).statusCode).toBe(404);
      expect(await counts()).toEqual(before);
      expect((await submissions()).length).toBe(rowsBefore);
    } finally {
      await setRelativesTurnIn(false);
    }
  });

  it('item 5: the posts addressed to a node, newest first, by type or classroom kind, a page at a time', async () => {
    const node = tree.classA;
    const made: Record<string, number> = {};
    const post = async (key: string, who: TestPerson, body: Record<string, unknown>) => {
      const res = await publishAs(t, who, { title: key, description: '<p>x</p>', ...body });
      expect(res.statusCode, res.body).toBe(201);
      made[key] = res.json().id;
    };
    const task = await publish(teacher, { kind: 'task', title: 'tarea', dueDate: inDays(4) });
    made.task = task.json().id;
    await post('students', admin, { type: 'circular', audience: { rules: rule('node', 'eq', node) } });
    await post('families', admin, { type: 'circular', audience: { rules: rule('familiesOf', 'eq', node) } });
    await post('girls', admin, { type: 'news', audience: { rules: { op: 'and', args: [rule('node', 'eq', node), rule('gender', 'eq', 'female')] } } });
    await post('notA', admin, { type: 'circular', audience: { rules: { op: 'not', args: [rule('node', 'eq', node)] } } });
    await post('people', admin, { type: 'circular', audience: { people: [student.id] } });
    await post('classB', admin, { type: 'circular', audience: { rules: rule('node', 'eq', tree.classB) } });
    const list = async (who: TestPerson, query = '', id = node) => {
      const res = await as(t, who, 'GET', `nodes/${id}/posts${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }[]).map((p) => p.id);
    };
    const { students, families, girls } = made;

    // Administrators and the node's teachers: every post addressed to it, whoever it reached.
    const all = [girls, families, students, made.task];
    expect((await list(admin)).filter((id) => id >= made.task)).toEqual(all);
    expect((await list(teacher)).filter((id) => id >= made.task)).toEqual(all);
    expect(await list(admin, '?type=circular')).toEqual(expect.arrayContaining([families, students]));
    expect((await list(admin, '?type=circular')).filter((id) => id >= made.task)).toEqual([families, students]);
    expect(await list(admin, '?kind=task')).toContain(made.task);
    expect((await list(admin, '?kind=task')).every((id) => id !== students)).toBe(true);
    const first = await as(t, admin, 'GET', `nodes/${node}/posts?type=news&limit=1`);
    expect(first.json()).toEqual([{
      id: girls, type: 'news', kind: null, title: 'girls', author: expect.objectContaining({ id: admin.id }), publishDate: expect.any(String), dueDate: null,
    }]);
    const classroom = (await as(t, admin, 'GET', `nodes/${node}/posts?kind=task&limit=1`)).json();
    expect(classroom).toMatchObject([{ id: made.task, kind: 'task', title: 'tarea', dueDate: expect.any(String) }]);

    // Pages: `before` the last id of a page.
    const page1 = await list(admin, '?type=circular&limit=1');
    expect(page1).toEqual([families]);
    expect(await list(admin, `?type=circular&limit=1&before=${families}`)).toEqual([students]);
    expect((await list(admin, `?type=circular&before=${students}`)).includes(students)).toBe(false);

    // Everyone else: only what they may read.
    expect(await list(student)).toEqual(expect.arrayContaining([girls, students, made.task]));
    expect((await list(student)).filter((id) => id >= made.task)).toEqual([girls, students, made.task]);
    expect((await list(parent)).filter((id) => id >= made.task)).toEqual([families]);
    expect((await list(classmate)).filter((id) => id >= made.task)).toEqual([students, made.task]);
    expect((await list(studentB)).filter((id) => id >= made.task)).toEqual([]);
    expect((await list(teacherB)).filter((id) => id >= made.task)).toEqual([]);
    expect((await list(admin, '', tree.classB)).filter((id) => id >= made.task)).toContain(made.classB);
    expect((await list(admin, '', tree.classB))).not.toContain(students);
  });

  it('item 5: an unknown node, another school and bad queries are refused', async () => {
    expect((await as(t, admin, 'GET', 'nodes/2147483000/posts')).statusCode).toBe(404);
    const other = await t.makeSchool();
    const otherAdmin = await t.makePerson(other, { role: 'admin' });
    expect((await as(t, otherAdmin, 'GET', `nodes/${tree.classA}/posts`)).statusCode).toBe(404);
    const foreign = await t.request({ method: 'GET', url: `/api/${school.code}/nodes/${tree.classA}/posts`, token: await t.signIn(otherAdmin) });
    expect([401, 403]).toContain(foreign.statusCode);
    const registrant = await makeRegistrant(t, school);
    expect((await as(t, registrant, 'GET', `nodes/${tree.classA}/posts`)).statusCode).toBe(403);
    const draft = await draftOf(teacher);
    for (const query of ['?type=bogus', '?kind=quiz', '?limit=0', '?limit=101', '?before=abc', '?before=01', '?type=circular%00', `?before=${draft}`, '?before=2147483000']) {
      const res = await as(t, admin, 'GET', `nodes/${tree.classA}/posts${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });
});
