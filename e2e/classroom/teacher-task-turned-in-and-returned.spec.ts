import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken, spanishSpeakingParent } from '../support/journey';
import { DESKTOP, PHONE } from '../support/screenshots';
import { directoryTexts, fill, texts } from '../support/texts';
import { schoolDay } from '../attendance/screens';
import { addBlock } from '../blocks/screens';
import { drawPhotos } from '../blocks/images';
import { callApi, openSignedIn, personIdOf } from '../posts/people-and-api';
import { capture, countPattern, mainNav } from '../posts/screens';
import { classroomNoticeTexts } from '../../packages/core/src/i18n/classroomNotices';
import { cl, classworkRow, mailsHolding, myWork, reminderRecord, submissionCard, te, workOf, worksheetPdf } from './screens';

const es = texts.es;
const dir = directoryTexts.es;
const notices = classroomNoticeTexts.es;

// The demo (apps/server/src/db/seed/demo-people.ts): `teacher` (Carolina Restrepo) directs 7A, where
// `student` (Valentina Gómez, who has an email address) studies; `parent` (Andrés Gómez) is her father.
const CLASS = '7A';
const STUDENT = 'Valentina Gómez Ruiz';
const STUDENT_FIRST_NAME = 'Valentina';
const STUDENT_EMAIL = 'valentina.gomez@estudiantes.losandes.example.co';
const TASK = 'Fracciones equivalentes';
const TASK_TEXT = 'Resuelvan los ejercicios de la guía y entreguen una foto del cuaderno.';
const WORKSHEET = 'guia-fracciones-7A.pdf';
const FEEDBACK = 'Muy bien explicado; revisa el ejercicio 4, simplificaste de más.';
const REMINDED_TASK = 'Lectura del capítulo 3';
/** The reminder goes 24 h before the due date: a task due in 24 h and this much more is reminded this much later. */
const REMINDER_AFTER_MS = 15_000;

interface Line {
  student: { id: number };
  status: string;
}

test('a teacher posts a task with a PDF to 7A; the student turns in a photo from her phone, her father sees it turned in, the teacher returns it with 9/10 and a comment, the student sees the grade and is mailed once; a task she has not turned in is reminded once, 24 h before it is due', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const [photo] = await drawPhotos(1);
  const notebook = { ...photo, name: 'cuaderno-valentina.jpg' };

  // ── 0. Who is who, and a second task due in 24 h + 15 s, published through the API ──────────────
  await spanishSpeakingParent(base);
  const teacherToken = await apiToken(base, 'demo', 'teacher');
  const teacherId = personIdOf(teacherToken);
  const studentToken = await apiToken(base, 'demo', 'student');
  const studentId = personIdOf(studentToken);
  const me = await callApi(base, 'demo', teacherToken, 'GET', `people/${teacherId}`);
  const classId = (me.body as { groups: { nodeId: number; nodeName: string }[] }).groups.find((g) => g.nodeName === CLASS)!.nodeId;

  // Published first, so its reminder comes due while the journey goes on; checked in step 6.
  const remindedDue = new Date(Date.now() + 24 * 3600_000 + REMINDER_AFTER_MS).toISOString();
  const reminded = await callApi(base, 'demo', teacherToken, 'POST', `nodes/${classId}/classroom/posts`, { kind: 'task', title: REMINDED_TASK, dueDate: remindedDue, points: 5 });
  expect(reminded.status, JSON.stringify(reminded.body)).toBe(201);
  const remindedId = (reminded.body as { id: number }).id;

  // The default due day, read before compose opens it (a journey across midnight reads the same day).
  const tomorrow = schoolDay(1);

  // ── 1. The teacher, at her desk: /classroom → her teaching page → "Publicar" on 7A → a task ───────
  const teacher = await openSignedIn(browser, 'demo', 'teacher', DESKTOP);
  const tp = teacher.page;
  await tp.goto('/classroom');
  await expect(tp).toHaveURL(new RegExp(`/teaching/${teacherId}$`));
  await expect(tp.getByRole('heading', { level: 1, name: es.screens.teaching })).toBeVisible();
  await tp.getByRole('link', { name: `${te.groups.newPost} (${CLASS})` }).click();
  await expect(tp).toHaveURL(new RegExp(`/compose\\?(.*&)?classroom=${classId}`));
  await expect(tp.getByRole('heading', { level: 1, name: te.compose.screen })).toBeVisible();
  await expect(tp.getByText(fill(te.compose.to, { name: CLASS }))).toBeVisible();

  const kinds = tp.getByRole('radiogroup', { name: te.compose.kind });
  // A segmented control: its radio buttons sit under their labels, which are what a person taps.
  await kinds.getByText(te.kinds.task, { exact: true }).click();
  await expect(kinds.getByRole('radio', { name: te.kinds.task })).toBeChecked();
  await tp.getByLabel(dir.compose.title, { exact: true }).fill(TASK);
  await tp.getByRole('textbox', { name: dir.compose.description, exact: true }).click();
  await tp.keyboard.type(TASK_TEXT);

  const files = await addBlock(tp, es.blocks.frame.types.files);
  await files.getByRole('button', { name: es.blocks.files.dropzone }).locator('input[type="file"]').setInputFiles({ name: WORKSHEET, mimeType: 'application/pdf', buffer: worksheetPdf('Fracciones equivalentes - 7A') });
  await expect(files.getByRole('list', { name: es.blocks.files.list, exact: true }).getByRole('listitem')).toContainText([WORKSHEET.replace(/\.pdf$/, '')], { timeout: 30_000 });

  // Due tomorrow at 23:59 in the school's zone is what a new task starts with: left as it is.
  await expect(tp.getByLabel(te.compose.dueTime)).toHaveValue('23:59');
  await tp.getByLabel(te.compose.points).fill('10');
  await capture(tp, 'classroom-compose', tp.getByLabel(te.compose.points));
  await tp.getByRole('button', { name: dir.compose.publish, exact: true }).click();

  await expect(tp).toHaveURL(new RegExp(`/people/${teacherId}/classroom/${classId}/posts/\\d+$`), { timeout: 30_000 });
  const taskId = Number(new URL(tp.url()).pathname.split('/').pop());
  await expect(tp.getByRole('heading', { name: TASK })).toBeVisible();
  await expect(tp.getByRole('list', { name: es.blocks.files.list, exact: true })).toContainText(WORKSHEET.replace(/\.pdf$/, ''));
  // What was published: a task of 7A, due tomorrow 23:59 in Bogotá (no daylight saving: -05:00), 10 points.
  const published = await callApi(base, 'demo', studentToken, 'GET', `people/${studentId}/classroom/${classId}/posts/${taskId}`);
  expect(published.status).toBe(200);
  const task = published.body as { kind: string; dueDate: string; points: number; submission: { status: string } };
  expect(task).toMatchObject({ kind: 'task', points: 10, submission: { status: 'assigned' } });
  expect(Date.parse(task.dueDate)).toBe(Date.parse(`${tomorrow}T23:59:00-05:00`));

  // ── 2. The student, on her phone: More → Aula → 7A → the task → a photo → "Entregar" ──────────
  const student = await openSignedIn(browser, 'demo', 'student', PHONE);
  const sp = student.page;
  await mainNav(sp).getByRole('link', { name: es.nav.more }).click();
  await sp.getByRole('link', { name: es.screens.classroom, exact: true }).click();
  await expect(sp).toHaveURL(/\/classroom$/);
  await expect(sp.getByRole('heading', { level: 1, name: es.screens.classroom })).toBeVisible();
  await sp.getByRole('list', { name: cl.home.myGroups }).getByRole('link', { name: new RegExp(`^${CLASS}`) }).click();
  await expect(sp).toHaveURL(new RegExp(`/people/${studentId}/classroom/${classId}$`));
  await expect(classworkRow(sp, TASK)).toContainText(cl.statuses.assigned);
  await classworkRow(sp, TASK).getByRole('link', { name: TASK, exact: true }).click();
  await expect(sp).toHaveURL(new RegExp(`/people/${studentId}/classroom/${classId}/posts/${taskId}$`));
  await expect(sp.getByRole('heading', { name: TASK })).toBeVisible();
  await expect(sp.getByText(TASK_TEXT)).toBeVisible();
  await expect(sp.getByRole('list', { name: es.blocks.files.list, exact: true })).toContainText(WORKSHEET.replace(/\.pdf$/, ''));

  const work = myWork(sp);
  await expect(work).toContainText(cl.statuses.assigned);
  const [chooser] = await Promise.all([sp.waitForEvent('filechooser'), work.getByRole('button', { name: cl.work.addFiles }).click()]);
  await chooser.setFiles(notebook);
  await expect(work.getByRole('list', { name: cl.work.files })).toContainText(notebook.name, { timeout: 30_000 });
  // A new file is saved with the work at once, not yet turned in.
  await expect(work.getByText(cl.work.saved)).toBeVisible();
  await work.getByRole('button', { name: cl.work.turnIn, exact: true }).click();
  await expect(work.getByText(cl.work.turnedInDone)).toBeVisible();
  await expect(work.getByText(cl.statuses.turned_in, { exact: true })).toBeVisible();
  await expect(work.getByRole('button', { name: cl.work.unsubmit })).toBeVisible();
  await expect(work.getByRole('list', { name: cl.work.files })).toContainText(notebook.name);
  await expectNoSeriousA11yViolations(sp, '/people/{id}/classroom/{groupId}/posts/{postId} (the student, turned in)');
  await capture(sp, 'classroom-task-turned-in', work);

  // ── 3. Her father, on his phone: /classroom → Valentina's 7A → the task reads "Entregada" ──────
  const parent = await openSignedIn(browser, 'demo', 'parent', PHONE);
  const pp = parent.page;
  await pp.goto('/classroom');
  await pp.getByRole('list', { name: fill(cl.home.groupsOf, { name: STUDENT }) }).getByRole('link', { name: new RegExp(`^${CLASS}`) }).click();
  await expect(pp).toHaveURL(new RegExp(`/people/${studentId}/classroom/${classId}$`));
  // Her class, not his: the title says whose it is.
  const childClass = fill(cl.group.ofPerson, { group: CLASS, name: STUDENT_FIRST_NAME });
  await expect(pp.getByRole('heading', { level: 1, name: childClass })).toBeVisible();
  await expect(classworkRow(pp, TASK)).toContainText(cl.statuses.turned_in);
  await capture(pp, 'classroom-parent-group', classworkRow(pp, TASK));
  await classworkRow(pp, TASK).getByRole('link', { name: TASK, exact: true }).click();
  await expect(pp.getByRole('heading', { level: 1, name: childClass })).toBeVisible();
  await expect(pp.getByText(TASK_TEXT)).toBeVisible();
  // The teacher did not include families: the worksheet is the students' to open, and the page says so.
  await expect(pp.getByText(cl.post.blocksForRecipients)).toBeVisible();
  await expect(pp.getByRole('list', { name: es.blocks.files.list, exact: true })).toHaveCount(0);
  await capture(pp, 'classroom-parent-task', pp.getByText(cl.post.blocksForRecipients));
  const childWork = workOf(pp, STUDENT);
  await expect(childWork.getByText(cl.statuses.turned_in, { exact: true })).toBeVisible();
  await expect(childWork).toContainText(notebook.name);
  // Read only: the work is hers to change.
  await expect(childWork.getByText(cl.work.readOnly)).toBeVisible();
  await expect(childWork.getByRole('button', { name: cl.work.turnIn, exact: true })).toHaveCount(0);
  await expect(childWork.getByRole('button', { name: cl.work.unsubmit })).toHaveCount(0);
  await capture(pp, 'classroom-parent', childWork);

  // ── 4. The teacher reviews it: teaching page → "Por revisar" → the task's submissions → 9, a comment, "Devolver" ─
  await tp.goto('/classroom');
  await expect(tp).toHaveURL(new RegExp(`/teaching/${teacherId}$`));
  // Other journeys of a run may leave work of their own to review: this one's is found by student and task.
  const queue = tp.getByRole('region', { name: countPattern(te.review.title) });
  await expect(queue).toBeVisible();
  await queue.getByRole('link').filter({ hasText: STUDENT }).filter({ hasText: TASK }).click();
  await expect(tp).toHaveURL(new RegExp(`/teaching/${teacherId}/posts/${taskId}\\?`));
  await expect(tp.getByRole('heading', { name: TASK })).toBeVisible();
  const card = submissionCard(tp, STUDENT);
  await expect(card.getByText(cl.statuses.turned_in, { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: new RegExp(notebook.name) })).toBeVisible();
  const review = card.getByRole('form', { name: fill(te.submissions.reviewOf, { name: STUDENT }) });
  await review.getByLabel(fill(te.submissions.gradeOf, { points: 10 })).fill('9');
  await review.getByLabel(te.submissions.feedback).fill(FEEDBACK);
  await review.getByRole('button', { name: te.submissions.return, exact: true }).click();
  await expect(review.getByRole('status').filter({ hasText: fill(te.submissions.returned, { name: STUDENT }) })).toBeVisible();
  await expect(card.getByText(cl.statuses.returned, { exact: true })).toBeVisible();
  const lines = await callApi(base, 'demo', teacherToken, 'GET', `posts/${taskId}/submissions`);
  expect((lines.body as (Line & { grade: number; feedback: string })[]).find((l) => l.student.id === studentId)).toMatchObject({ status: 'returned', grade: 9, feedback: FEEDBACK });
  await expectNoSeriousA11yViolations(tp, '/teaching/{personId}/posts/{postId} (returned)');
  await capture(tp, 'classroom-review', card);

  // ── 5. The student reloads the task: 9 / 10 and the comment; her mailbox has the notice once ─────
  await sp.reload();
  await expect(work.getByText(cl.statuses.returned, { exact: true })).toBeVisible();
  await expect(work).toContainText(fill(cl.post.gradeOf, { grade: 9, points: 10 }));
  await expect(work.getByText(FEEDBACK)).toBeVisible();
  await expect(work.getByRole('button', { name: cl.work.reopen })).toBeVisible();
  await capture(sp, 'classroom-task-returned', work);
  // A demo student has no device and no mobile: the email channel (on by default) carries her notices.
  const returnedTitle = notices.returnedTitle.replace('{title}', TASK);
  await expect.poll(() => mailsHolding(STUDENT_EMAIL, returnedTitle).length, { message: `the "returned" mail to ${STUDENT_EMAIL}`, timeout: 30_000 }).toBeGreaterThan(0);
  const [returnedMail] = mailsHolding(STUDENT_EMAIL, returnedTitle);
  expect(returnedMail).toContain(notices.returnedBodyGraded.replace('{group}', CLASS).replace('{grade}', '9').replace('{points}', '10'));
  expect(returnedMail).toContain(`/people/${studentId}/classroom/${classId}/posts/${taskId}`);

  // ── 6. The task nobody turned in is reminded once, 24 h before it is due ─────────────────────────
  const reminderTitle = notices.dueSoonTitle.replace('{title}', REMINDED_TASK);
  await expect.poll(() => mailsHolding(STUDENT_EMAIL, reminderTitle).length, { message: `the reminder to ${STUDENT_EMAIL}`, timeout: 90_000, intervals: [1_000] }).toBeGreaterThan(0);
  // Every current student of 7A had it still to do: each was marked reminded once, when it came due.
  const everyone = ((await callApi(base, 'demo', teacherToken, 'GET', `posts/${remindedId}/submissions`)).body as Line[]).map((l) => l.student.id).sort((a, b) => a - b);
  expect(everyone).toContain(studentId);
  await expect.poll(() => reminderRecord(remindedId).jobStates, { message: 'the reminder job has run' }).toEqual(['done']);
  const record = reminderRecord(remindedId);
  expect(record.reminded.map((r) => r.studentId)).toEqual(everyone);
  for (const mark of record.reminded) expect(Date.parse(mark.sentAt)).toBeGreaterThanOrEqual(Date.parse(remindedDue) - 24 * 3600_000);

  // A second look at least 5 s after she was reminded (mostly long after: it came due mid-journey)
  // still finds one reminder, and one "returned" notice.
  const remindedAt = Date.parse(record.reminded.find((r) => r.studentId === studentId)!.sentAt);
  await sp.waitForTimeout(Math.max(0, remindedAt + 5_000 - Date.now()));
  expect(mailsHolding(STUDENT_EMAIL, reminderTitle)).toHaveLength(1);
  expect(mailsHolding(STUDENT_EMAIL, returnedTitle)).toHaveLength(1);
  expect(reminderRecord(remindedId).reminded).toHaveLength(everyone.length);

  await Promise.all([teacher.context.close(), student.context.close(), parent.context.close()]);
});
