import type { ClassroomGroup, ClassroomPost, ClassroomPostDetail, Submission } from '@patio/core/schemas/classroom';
import type { Child } from '@patio/core/schemas/people';
import { BASE } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';

// Answers shaped as the zod contract of packages/core/src/schemas/classroom.ts, for screen tests.

export const STUDENT = 7;
export const PARENT = 8;
export const TEACHER = 9;
export const GROUP = 70;
export const TASK = 501;

export const signedIn = (uid: number) => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(uid) });

export const teacherCard = { id: TEACHER, firstName: 'Carolina', lastName: 'Restrepo', lastName2: null, avatar: null };

export const group = (extra: Partial<ClassroomGroup> = {}): ClassroomGroup => ({ id: GROUP, name: '7A', role: 'student', pending: 2, ...extra });

export const child = (extra: Partial<Child> = {}): Child => ({
  id: STUDENT, firstName: 'Sofía', lastName: 'Gómez', lastName2: null, avatar: null, roles: ['student'], groups: [{ nodeId: GROUP, nodeName: '7A', enrollmentStatus: 'active' }], ...extra,
});

export const listedPost = (extra: Partial<ClassroomPost> = {}): ClassroomPost => ({
  id: TASK,
  kind: 'task',
  title: 'Ensayo sobre el agua',
  author: teacherCard,
  publishDate: '2027-03-01T14:00:00.000Z',
  dueDate: '2099-03-10T23:59:00.000Z',
  points: 10,
  submission: { status: 'assigned' },
  ...extra,
});

export const submission = (extra: Partial<Submission> = {}): Submission => ({
  studentId: STUDENT, status: 'assigned', text: '', files: [], grade: null, feedback: '', turnedInAt: null, returnedAt: null, ...extra,
});

export const postDetail = (extra: Partial<ClassroomPostDetail> = {}): ClassroomPostDetail => {
  const { submission: _listed, ...listed } = listedPost();
  return { ...listed, description: '<p>Escribe <strong>una página</strong>.</p>', groupId: GROUP, submission: submission(), ...extra };
};

export const uploaded = (id: number, name: string, mimetype = 'image/jpeg', size = 2048) => ({
  id, name, title: name, mimetype, size, endpoint: `people/${STUDENT}/uploads`, path: String(id), url: `/api/demo/files/${id}`, downloadUrl: `/api/demo/files/${id}?download=1`,
  preview: null, thumbnail: null, large: null, width: null, height: null, createdAt: '2027-03-02T10:00:00.000Z', deleteDate: null,
});

/** A file of a submission, with the address its readers fetch it at. */
export const submittedFile = (id: number, name: string, mimetype = 'image/jpeg', size = 2048) => ({ id, name, mimetype, size, url: `posts/${TASK}/submissions/${STUDENT}/files/${id}` });

export const postPath = (personId = STUDENT) => `people/${personId}/classroom/${GROUP}/posts/${TASK}`;
export const submissionPutPath = (studentId = STUDENT) => `${postPath(studentId)}/submission`;
