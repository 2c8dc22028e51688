import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestS3 } from '../../platform/storage/s3-test-server';
import type { SchoolTree, TestPerson } from '../../test/factories';
import { describeOnDatabases, type Org, type TestApp } from '../../test/harness';
import { tinyPng } from '../../test/multipart';
import { makeRegistrant } from '../../test/registrants';
import { type Part, uploadTo } from '../files/files.fixtures';
import { as, postTo, publishAs } from '../posts/posts.fixtures';

// Issue 35 §3 on both databases: who reads a submission opens its files (the student, their
// parent-like relatives, the group's teachers, administrators), served exactly as the student's own
// uploads folder serves them; nobody else does, and only files the submission holds now.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
/** The headers that make a file's answer what it is (the rest are the frame's: date, request id…). */
const SERVING_HEADERS = ['content-type', 'content-disposition', 'x-content-type-options', 'content-security-policy', 'cache-control', 'accept-ranges', 'content-length', 'content-range'];
const servingOf = (res: LightMyRequestResponse) => Object.fromEntries(SERVING_HEADERS.map((h) => [h, res.headers[h]]));

interface Classroom {
  school: Org;
  tree: SchoolTree;
  teacher: TestPerson;
  teacherB: TestPerson;
  director: TestPerson;
  admin: TestPerson;
  employee: TestPerson;
  student: TestPerson;
  classmate: TestPerson;
  parent: TestPerson;
  uncle: TestPerson;
  classmateParent: TestPerson;
}

/** A fresh school: class A with its teacher and group director, two students and their families; class B's teacher; an administrator and a school-wide employee. */
async function makeClassroom(t: TestApp): Promise<Classroom> {
  const school = await t.makeSchool();
  const tree = await t.makeTree(school);
  const student = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Ana' });
  const classmate = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Beto', gender: 'male' });
  return {
    school,
    tree,
    teacher: await t.makePerson(school, { role: 'teacher', node: tree.classA, firstName: 'Teresa' }),
    teacherB: await t.makePerson(school, { role: 'teacher', node: tree.classB, firstName: 'Tomás', gender: 'male' }),
    director: await t.makePerson(school, { role: 'group_director', node: tree.classA, firstName: 'Diana' }),
    admin: await t.makePerson(school, { role: 'admin' }),
    employee: await t.makePerson(school, { role: 'employee', node: tree.root, firstName: 'Elena' }),
    student,
    classmate,
    parent: await t.makePerson(school, { relativeOf: student, firstName: 'Paula' }),
    // A relative who is no parent: reads nothing of the student's classroom.
    uncle: await t.makePerson(school, { relativeOf: student, kind: 'uncle', firstName: 'Ulises', gender: 'male' }),
    classmateParent: await t.makePerson(school, { relativeOf: classmate, firstName: 'Carmen' }),
  };
}

/** What the suites do in a classroom: publish tasks, upload, turn in, open files. */
function actionsIn(t: TestApp, c: () => Classroom) {
  const newTask = async (node = c().tree.classA) => {
    const res = await as(t, c().teacher, 'POST', `nodes/${node}/classroom/posts`, { kind: 'task', title: 'Informe de laboratorio', dueDate: inDays(2), points: 10 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const upload = async (who: TestPerson, part: Part) => {
    const res = await uploadTo(t, c().school.code, who, `people/${who.id}/uploads`, [part]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json()[0].id as number;
  };
  const turnIn = async (who: TestPerson, of: TestPerson, postId: number, files: number[]) => {
    const res = await as(t, who, 'PUT', `people/${of.id}/classroom/${c().tree.classA}/posts/${postId}/submission`, { text: 'Adjunto', files, turnIn: true });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { files: { id: number; name: string; url: string }[] };
  };
  const open = async (who: TestPerson | null, path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', school = c().school) =>
    t.request({ method, url: `/api/${school.code}/${path}`, token: who ? await t.signIn(who) : undefined, headers });
  return { newTask, upload, turnIn, open };
}

describeOnDatabases('classroom: the files of a submission', (t) => {
  let c: Classroom;
  const { newTask, upload, turnIn, open } = actionsIn(t, () => c);
  const fileUrl = (postId: number, student: TestPerson, fileId: number | string) => `posts/${postId}/submissions/${student.id}/files/${fileId}`;

  beforeAll(async () => {
    c = await makeClassroom(t);
  });

  it('item 2: every file of a submission carries its url, in every answer that shows the submission', async () => {
    const task = await newTask();
    const pdf = await upload(c.student, { filename: 'informe.pdf', data: '%PDF-1.4 informe', contentType: 'application/pdf' });
    const photo = await upload(c.student, { filename: 'foto.png', data: tinyPng, contentType: 'image/png' });
    const expected = [
      { id: pdf, name: 'informe.pdf', mimetype: 'application/pdf', size: 16, url: fileUrl(task, c.student, pdf) },
      { id: photo, name: 'foto.png', mimetype: 'image/png', size: tinyPng.length, url: fileUrl(task, c.student, photo) },
    ];
    expect((await turnIn(c.student, c.student, task, [pdf, photo])).files).toEqual(expected);
    for (const who of [c.student, c.parent]) {
      const read = await as(t, who, 'GET', `people/${c.student.id}/classroom/${c.tree.classA}/posts/${task}`);
      expect(read.json().submission.files, who.firstName).toEqual(expected);
    }
    const lines = (await as(t, c.teacher, 'GET', `posts/${task}/submissions`)).json() as { student: { id: number }; files: unknown }[];
    expect(lines.find((l) => l.student.id === c.student.id)!.files).toEqual(expected);
    expect(lines.find((l) => l.student.id === c.classmate.id)!.files).toEqual([]);
    const reviewed = await as(t, c.teacher, 'PUT', `posts/${task}/submissions/${c.student.id}`, { grade: 9, feedback: 'Muy bien', return: true });
    expect(reviewed.json().files).toEqual(expected);
    // Each url opens the file for the student.
    for (const file of expected) expect((await open(c.student, file.url)).statusCode).toBe(200);
  });

  it("item 3: the student, their parent-like relatives, the group's teachers and administrators open a submission's file, served as the uploads folder serves it", async () => {
    const task = await newTask();
    const pdf = await upload(c.student, { filename: 'Informe final.pdf', data: '%PDF-1.4 las plantas crecen', contentType: 'application/pdf' });
    const [file] = (await turnIn(c.student, c.student, task, [pdf])).files;
    const own = `people/${c.student.id}/uploads/${pdf}`;
    const cases: [Record<string, string>, string][] = [[{}, ''], [{}, '?download=1'], [{ range: 'bytes=9-14' }, ''], [{ range: 'bytes=-6' }, '?download=1']];
    for (const [headers, query] of cases) {
      const owner = await open(c.student, `${own}${query}`, headers);
      for (const who of [c.student, c.parent, c.teacher, c.director, c.admin]) {
        const res = await open(who, `${file.url}${query}`, headers);
        expect(res.statusCode, `${who.firstName} ${query} ${res.body}`).toBe(owner.statusCode);
        expect(servingOf(res)).toEqual(servingOf(owner));
        expect(res.rawPayload.equals(owner.rawPayload)).toBe(true);
      }
    }
    const whole = await open(c.parent, file.url);
    expect(whole.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' });
    expect(whole.headers['content-disposition']).toMatch(/^inline; filename="Informe final.pdf"/);
    expect(whole.body).toBe('%PDF-1.4 las plantas crecen');
    const part = await open(c.teacher, file.url, { range: 'bytes=9-14' });
    expect([part.statusCode, part.body, part.headers['content-range']]).toEqual([206, 'las pl', 'bytes 9-14/27']);
    expect((await open(c.teacher, `${file.url}?download=1`)).headers['content-disposition']).toMatch(/^attachment; filename="Informe final.pdf"/);
    expect((await open(c.teacher, file.url, { range: 'bytes=500-' })).statusCode).toBe(416);
    // HEAD answers the same headers and no bytes.
    const head = await open(c.teacher, file.url, {}, 'HEAD');
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, '27', '']);
    // 20 parallel reads: each gets the whole file.
    const parallel = await Promise.all(Array.from({ length: 20 }, () => open(c.teacher, file.url)));
    expect(new Set(parallel.map((r) => `${r.statusCode} ${r.body}`))).toEqual(new Set(['200 %PDF-1.4 las plantas crecen']));
  });

  it('item 3: HTML, SVG and other markup of a submission are only ever downloads, never shown in the app’s origin', async () => {
    const task = await newTask();
    const markup: Part[] = [
      { filename: 'trabajo.html', data: '<script>alert(document.cookie)</script>', contentType: 'text/html' },
      { filename: 'dibujo.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', contentType: 'image/svg+xml' },
      { filename: 'datos.xml', data: '<?xml version="1.0"?><a/>', contentType: 'application/xml' },
      // A type the browser would render, declared on bytes that are none: named by the declared type, still a download.
      { filename: 'pagina.png', data: '<html><script>alert(1)</script></html>', contentType: 'text/html' },
    ];
    const ids = [];
    for (const part of markup) ids.push(await upload(c.student, part));
    const { files } = await turnIn(c.student, c.student, task, ids);
    for (const file of files) {
      for (const query of ['', '?download=1']) {
        const res = await open(c.teacher, `${file.url}${query}`);
        expect(res.statusCode, file.name).toBe(200);
        expect(res.headers['content-type'], file.name).toBe('application/octet-stream');
        expect(res.headers['content-disposition'], file.name).toMatch(/^attachment;/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toMatch(/^sandbox;/);
      }
    }
    // A real picture is shown in place.
    const photo = await upload(c.student, { filename: 'foto.png', data: tinyPng, contentType: 'image/png' });
    const [shown] = (await turnIn(c.student, c.student, await newTask(), [photo])).files;
    const res = await open(c.parent, shown.url);
    expect([res.headers['content-type'], res.headers['content-disposition']?.split(';')[0]]).toEqual(['image/png', 'inline']);
  });

  it("item 3: nobody else opens it: another group's teacher, a classmate and their family, a relative who is no parent, a school-wide employee, an unapproved registration, another school", async () => {
    const task = await newTask();
    const [file] = (await turnIn(c.student, c.student, task, [await upload(c.student, { filename: 'mio.txt', data: 'mío' })])).files;
    for (const who of [c.teacherB, c.classmate, c.classmateParent, c.uncle, c.employee]) {
      const res = await open(who, file.url);
      expect(res.statusCode, who.firstName).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
      expect(res.body).not.toContain('mío');
    }
    expect((await open(null, file.url)).statusCode).toBe(401);
    // A registration waiting for approval, even one wrongly tied to the student, is refused before any classroom rule.
    const registrant = await makeRegistrant(t, c.school);
    await t.relate(registrant, c.student);
    const pending = await open(registrant, file.url);
    expect([pending.statusCode, pending.json().error]).toEqual([403, 'registration_pending']);
    // Another school: its administrator with its token on our base, and on its own base with our ids.
    const other = await t.makeSchool();
    const otherAdmin = await t.makePerson(other, { role: 'admin' });
    expect([401, 403]).toContain((await t.request({ method: 'GET', url: `/api/${c.school.code}/${file.url}`, token: await t.signIn(otherAdmin) })).statusCode);
    expect((await open(otherAdmin, file.url, {}, 'GET', other)).statusCode).toBe(404);
    // The files area still keeps the upload to its owner.
    expect((await open(c.teacher, `people/${c.student.id}/uploads/${file.id}`)).statusCode).toBe(403);
  });

  it('item 3: only files the submission holds now: not another upload of the student, not a file of another task or of another student, not after it is taken out', async () => {
    const task = await newTask();
    const other = await newTask();
    const kept = await upload(c.student, { filename: 'entregado.txt', data: 'entregado' });
    const notAttached = await upload(c.student, { filename: 'privado.txt', data: 'privado' });
    const ofOtherTask = await upload(c.student, { filename: 'otra.txt', data: 'otra tarea' });
    const classmates = await upload(c.classmate, { filename: 'beto.txt', data: 'de Beto' });
    await turnIn(c.student, c.student, task, [kept]);
    await turnIn(c.student, c.student, other, [ofOtherTask]);
    await turnIn(c.classmate, c.classmate, task, [classmates]);
    const refused = async (who: TestPerson, path: string) => {
      const res = await open(who, path);
      expect(res.statusCode, `${who.firstName} ${path}`).toBe(404);
    };
    for (const who of [c.student, c.parent, c.teacher, c.admin]) {
      await refused(who, fileUrl(task, c.student, notAttached));
      await refused(who, fileUrl(task, c.student, ofOtherTask));
      await refused(who, fileUrl(other, c.student, kept));
      // The classmate's file under the student's path, and the student's under the classmate's.
      await refused(who, fileUrl(task, c.student, classmates));
    }
    await refused(c.teacher, fileUrl(task, c.classmate, kept));
    expect((await open(c.teacher, fileUrl(task, c.classmate, classmates))).body).toBe('de Beto');
    // A student of the group who has not saved anything, a material, a post that is no classroom post, a post of no one.
    const nobody = await t.makePerson(c.school, { role: 'student', node: c.tree.classA });
    await refused(c.teacher, fileUrl(task, nobody, kept));
    const material = await as(t, c.teacher, 'POST', `nodes/${c.tree.classA}/classroom/posts`, { kind: 'material', title: 'Guía' });
    await refused(c.teacher, fileUrl(material.json().id, c.student, kept));
    const plain = await publishAs(t, c.teacher, postTo([c.parent]));
    expect(plain.statusCode, plain.body).toBe(201);
    await refused(c.teacher, fileUrl(plain.json().id, c.student, kept));
    await refused(c.admin, fileUrl(2_000_000_000, c.student, kept));
    // Taken out of the submission: no longer opened through it.
    expect((await open(c.parent, fileUrl(task, c.student, kept))).statusCode).toBe(200);
    await as(t, c.student, 'PUT', `people/${c.student.id}/classroom/${c.tree.classA}/posts/${task}/submission`, { files: [], turnIn: true });
    await refused(c.parent, fileUrl(task, c.student, kept));
  });

  it('item 3: an upload deleted after it was attached answers 404 (never 500) and leaves the submission’s files', async () => {
    const task = await newTask();
    const trashed = await upload(c.student, { filename: 'papelera.txt', data: 'papelera' });
    const removed = await upload(c.student, { filename: 'borrado.txt', data: 'borrado' });
    const lost = await upload(c.student, { filename: 'perdido.txt', data: 'perdido' });
    const kept = await upload(c.student, { filename: 'queda.txt', data: 'queda' });
    await turnIn(c.student, c.student, task, [trashed, removed, lost, kept]);
    // Soft-deleted (uploads' PUT deleteDate), removed for good, and a row whose bytes are gone from storage.
    expect((await as(t, c.student, 'PUT', `people/${c.student.id}/uploads/${trashed}`, { deleteDate: 1 })).statusCode).toBe(200);
    expect((await as(t, c.student, 'DELETE', `people/${c.student.id}/uploads/${removed}`)).statusCode).toBe(204);
    const { storage_key } = await t.db.selectFrom('files').select('storage_key').where('org_id', '=', c.school.id).where('id', '=', lost).executeTakeFirstOrThrow();
    await t.app.patio.storage.remove(storage_key);
    for (const fileId of [trashed, removed, lost]) {
      for (const headers of [{}, { range: 'bytes=0-1' }] as Record<string, string>[]) {
        const res = await open(c.teacher, fileUrl(task, c.student, fileId), headers);
        expect(res.statusCode, `${fileId} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.json().error).toBe('not_found');
      }
    }
    for (const fileId of [trashed, removed]) expect((await open(c.teacher, fileUrl(task, c.student, fileId), {}, 'HEAD')).statusCode).toBe(404);
    expect((await open(c.teacher, fileUrl(task, c.student, kept))).body).toBe('queda');
    const read = await as(t, c.student, 'GET', `people/${c.student.id}/classroom/${c.tree.classA}/posts/${task}`);
    expect(read.json().submission.files.map((f: { id: number }) => f.id)).toEqual([lost, kept]);
  });

  it('item 3: a file a relative turned in, where the school allows it, is opened by the same readers', async () => {
    expect((await as(t, c.admin, 'PUT', 'settings/classroom', { relativesTurnIn: true })).statusCode).toBe(200);
    try {
      const task = await newTask();
      const scan = await upload(c.parent, { filename: 'escaneo.pdf', data: '%PDF-1.4 escaneo', contentType: 'application/pdf' });
      const [file] = (await turnIn(c.parent, c.student, task, [scan])).files;
      expect(file.url).toBe(fileUrl(task, c.student, scan));
      for (const who of [c.student, c.parent, c.teacher, c.admin]) expect((await open(who, file.url)).body, who.firstName).toBe('%PDF-1.4 escaneo');
      for (const who of [c.teacherB, c.classmateParent]) expect((await open(who, file.url)).statusCode, who.firstName).toBe(404);
    } finally {
      await as(t, c.admin, 'PUT', 'settings/classroom', { relativesTurnIn: false });
    }
  });

  it('item 3: NUL bytes, huge, zero, signed and non-numeric ids get a clear 400 (414 past the length of an address), never 500', async () => {
    const task = await newTask();
    const [file] = (await turnIn(c.student, c.student, task, [await upload(c.student, { filename: 'a.txt', data: 'a' })])).files;
    const refusals: [string, number, string][] = [
      ['%00', 400, 'invalid_characters'],
      [`${file.id}%00`, 400, 'invalid_characters'],
      ['a%00b', 400, 'invalid_characters'],
      ['99999999999999999999', 400, 'invalid_request'],
      ['0', 400, 'invalid_request'],
      ['-1', 400, 'invalid_request'],
      ['1.0', 400, 'invalid_request'],
      ['0x10', 400, 'invalid_request'],
      ['1'.repeat(5000), 414, 'uri_too_long'],
    ];
    for (const [segment, status, error] of refusals) {
      for (const path of [fileUrl(task, c.student, segment), `posts/${segment}/submissions/${c.student.id}/files/${file.id}`, `posts/${task}/submissions/${segment}/files/${file.id}`]) {
        const res = await open(c.teacher, path);
        expect([res.statusCode, res.json().error], path.slice(0, 120)).toEqual([status, error]);
      }
    }
    // A dot segment is no id: the path names no route.
    expect((await open(c.teacher, `posts/${task}/submissions/${c.student.id}/files/%2e%2e`)).statusCode).toBe(404);
    // A huge but well-formed id is nobody's: 404.
    expect((await open(c.teacher, fileUrl(task, c.student, 2_147_483_647))).statusCode).toBe(404);
    expect((await open(c.teacher, fileUrl(task, c.student, file.id))).body).toBe('a');
  });
});

// The same reads with S3 storage (S3_ENDPOINT): a real S3 protocol server on 127.0.0.1.
const s3 = await startTestS3();
afterAll(() => s3.stop());

describeOnDatabases(
  'classroom: the files of a submission on S3',
  (t) => {
    let c: Classroom;
    const { newTask, upload, turnIn, open } = actionsIn(t, () => c);

    beforeAll(async () => {
      c = await makeClassroom(t);
    });

    it("item 3: a submission's file stored on S3 is opened by the group's teacher and the student's parent, whole and by range", async () => {
      const task = await newTask();
      const [file] = (await turnIn(c.student, c.student, task, [await upload(c.student, { filename: 'nube.txt', data: 'guardado en S3' })])).files;
      const owner = await open(c.student, `people/${c.student.id}/uploads/${file.id}`);
      for (const who of [c.teacher, c.parent]) {
        const res = await open(who, file.url);
        expect([res.statusCode, res.body]).toEqual([200, 'guardado en S3']);
        expect(servingOf(res)).toEqual(servingOf(owner));
      }
      const part = await open(c.teacher, file.url, { range: 'bytes=12-' });
      expect([part.statusCode, part.body]).toEqual([206, 'S3']);
      expect((await open(c.teacherB, file.url)).statusCode).toBe(404);
    });
  },
  { s3: s3.settings },
);
