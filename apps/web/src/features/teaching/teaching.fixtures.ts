import type { ClassroomPostDetail, NodePost, SubmissionLine, Teaching } from '@patio/core/schemas/classroom';
import { validToken } from '../../test/makeToken';
import { BASE } from '../../test/fetchStub';

// Answers shaped as the zod contract of packages/core/src/schemas/classroom.ts, for the teaching screens' tests.

export const ME = 7;
export const GROUP = 70;
export const TASK = 500;
export const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(ME) });

export const person = (id: number, firstName: string, lastName: string) => ({ id, firstName, lastName, lastName2: null, avatar: null });

export const teaching = (extra: Partial<Teaching> = {}): Teaching => ({
  groups: [
    { id: GROUP, name: '7A', students: 3, tasks: 4, toReview: 2, completion: 0.8, nextDueDate: '2030-03-06T04:59:00.000Z' },
    { id: 71, name: 'Matemáticas 8B', students: 28, tasks: 0, toReview: 0, completion: null, nextDueDate: null },
  ],
  upcoming: [{ postId: TASK, groupId: GROUP, groupName: '7A', title: 'Ensayo sobre el agua', dueDate: '2030-03-06T04:59:00.000Z', points: 10, turnedIn: 2, students: 3 }],
  toReview: [
    { postId: TASK, groupId: GROUP, groupName: '7A', title: 'Ensayo sobre el agua', points: 10, dueDate: '2030-03-06T04:59:00.000Z', student: person(101, 'Ana', 'Pérez'), status: 'turned_in', turnedInAt: '2030-03-02T15:00:00.000Z' },
    { postId: TASK, groupId: GROUP, groupName: '7A', title: 'Ensayo sobre el agua', points: 10, dueDate: '2030-03-06T04:59:00.000Z', student: person(103, 'Carla', 'Gómez'), status: 'late', turnedInAt: '2030-03-07T15:00:00.000Z' },
  ],
  ...extra,
});

export const line = (student: ReturnType<typeof person>, extra: Partial<SubmissionLine> = {}): SubmissionLine => ({
  student,
  status: 'assigned',
  turnedInAt: null,
  returnedAt: null,
  grade: null,
  feedback: '',
  text: '',
  files: [],
  ...extra,
});

/** Three students: Ana turned in (text and a file), Bruno has nothing yet, Carla turned in late. */
export const lines = (): SubmissionLine[] => [
  line(person(101, 'Ana', 'Pérez'), {
    status: 'turned_in',
    turnedInAt: '2030-03-02T15:00:00.000Z',
    text: 'El agua cubre el 71 % de la Tierra.',
    files: [{ id: 9, name: 'ensayo.pdf', mimetype: 'application/pdf', size: 20480, url: `posts/${TASK}/submissions/101/files/9` }],
  }),
  line(person(102, 'Bruno', 'Díaz')),
  line(person(103, 'Carla', 'Gómez'), { status: 'late', turnedInAt: '2030-03-07T15:00:00.000Z', text: 'Perdón por la demora.' }),
];

export const task = (extra: Partial<ClassroomPostDetail> = {}): ClassroomPostDetail => ({
  id: TASK,
  kind: 'task',
  title: 'Ensayo sobre el agua',
  author: person(ME, 'Carolina', 'Restrepo'),
  publishDate: '2030-03-01T12:00:00.000Z',
  dueDate: '2030-03-06T04:59:00.000Z',
  points: 10,
  submission: null,
  description: '<p>Dos páginas.</p>',
  groupId: GROUP,
  ...extra,
});

export const nodePost = (id: number, title: string, extra: Partial<NodePost> = {}): NodePost => ({
  id,
  type: 'task',
  kind: null,
  title,
  author: person(ME, 'Carolina', 'Restrepo'),
  publishDate: '2030-03-01T12:00:00.000Z',
  dueDate: null,
  ...extra,
});
