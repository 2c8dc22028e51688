import type { Activity, ActivityRequest } from '@patio/core/schemas/activities';
import { BASE } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';

// Answers shaped as the zod contract of packages/core/src/schemas/activities.ts, for screen tests.

export const PARENT = 8;
export const ADMIN = 5;
export const SOFIA = 7;
export const TOMAS = 12;
export const CHESS = 901;
export const FOOTBALL = 902;

export const signedIn = (uid: number) => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(uid) });

export const activity = (extra: Partial<Activity> = {}): Activity => ({
  id: CHESS,
  name: 'Ajedrez',
  description: '<p>Aperturas y finales.</p>',
  termFrom: '2027-02-01',
  termTo: '2027-06-15',
  schedule: [{ day: 3, start: '15:00', end: '16:30' }, { day: 1, start: '15:00', end: '16:00' }],
  place: 'Biblioteca',
  places: 12,
  placesLeft: 3,
  waiting: 0,
  eligible: [{ id: 70, name: '7A' }],
  price: 120000,
  currency: 'COP',
  periods: [
    { label: 'Febrero', dueDate: '2027-02-05' },
    { label: 'Marzo', dueDate: '2027-03-05' },
  ],
  leader: { id: 30, name: 'Carolina Restrepo' },
  route: null,
  children: [],
  ...extra,
});

export const childEntry = (id: number, name: string, extra: Partial<Activity['children'][number]> = {}): Activity['children'][number] => ({
  student: { id, name },
  eligible: true,
  request: null,
  ...extra,
});

export const request = (extra: Partial<ActivityRequest> = {}): ActivityRequest => ({
  id: 1,
  student: { id: SOFIA, name: 'Sofía Gómez' },
  group: { id: 70, name: '7A' },
  requestedBy: { id: PARENT, name: 'Marta Gómez' },
  status: 'pending',
  position: null,
  createdAt: Date.UTC(2027, 1, 2, 15),
  ...extra,
});
