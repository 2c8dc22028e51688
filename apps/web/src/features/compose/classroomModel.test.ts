import { describe, expect, it } from 'vitest';
import { emptyPost } from './composeModel';
import { classroomProblemsOf, classroomPublishOf, defaultClassroomFields, dueDateOf, forClassroom, kindOfPostType } from './classroomModel';

// 2030-03-05 22:00 in Bogotá (UTC-5) is already 6 March in UTC and in Madrid.
const NOW = Date.parse('2030-03-06T03:00:00Z');

describe('the classroom fields of the compose screen', () => {
  it("item 3: a new task is due tomorrow at 23:59 on the school's wall clock, not the device's", () => {
    expect(defaultClassroomFields('task', 'America/Bogota', NOW)).toEqual({ kind: 'task', dueDay: '2030-03-06', dueTime: '23:59', points: '' });
    expect(defaultClassroomFields('task', 'Europe/Madrid', NOW).dueDay).toBe('2030-03-07');
    expect(dueDateOf(defaultClassroomFields('task', 'America/Bogota', NOW), 'America/Bogota')).toBe('2030-03-06T23:59:00-05:00');
    // Madrid moves to summer time on 31 March 2030: the same wall clock, another offset.
    expect(dueDateOf({ kind: 'task', dueDay: '2030-04-01', dueTime: '08:00', points: '' }, 'Europe/Madrid')).toBe('2030-04-01T08:00:00+02:00');
  });

  it('item 3: a task needs a due date ahead and whole points from 1 to 1000; other kinds need neither and send neither', () => {
    const task = { kind: 'task' as const, dueDay: '2030-03-06', dueTime: '23:59', points: '' };
    expect(classroomProblemsOf(task, 'America/Bogota', NOW)).toEqual({ due: null, points: null });
    expect(classroomProblemsOf({ ...task, dueDay: '2030-03-05', dueTime: '21:00' }, 'America/Bogota', NOW).due).toBe('duePast');
    expect(classroomProblemsOf({ ...task, dueTime: '' }, 'America/Bogota', NOW).due).toBe('dueMissing');
    for (const points of ['0', '1001', '2.5', '-3', 'diez']) expect(classroomProblemsOf({ ...task, points }, 'America/Bogota', NOW).points, points).toBe('badPoints');
    expect(classroomPublishOf({ ...task, points: ' 10 ' }, 'America/Bogota')).toEqual({ kind: 'task', dueDate: '2030-03-06T23:59:00-05:00', points: 10 });
    const material = { ...task, kind: 'material' as const, dueTime: '', points: 'diez' };
    expect(classroomProblemsOf(material, 'America/Bogota', NOW)).toEqual({ due: null, points: null });
    expect(classroomPublishOf(material, 'America/Bogota')).toEqual({ kind: 'material', dueDate: null, points: null });
  });

  it('item 3: a draft opened in classroom mode drops what a classroom post may not carry and keeps its kind by its type', () => {
    const post = { ...emptyPost('document'), audience: { people: [8], rules: { field: 'role', op: 'eq', args: ['relative'] }, relatives: true }, quotes: [12], publishDate: '2030-04-01T10:00:00Z' };
    expect(forClassroom(post as never)).toMatchObject({ type: 'document', audience: { people: [], rules: null, relatives: true }, quotes: [], publishDate: null, event: null });
    expect(kindOfPostType('announcement')).toBe('announcement');
    expect(kindOfPostType('message')).toBe('task');
    expect(forClassroom(emptyPost('message')).type).toBe('task');
  });
});
