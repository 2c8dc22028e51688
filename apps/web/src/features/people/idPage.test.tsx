import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIME_ZONE, localDateOf } from '@patio/core/calendar/times';
import type { IdCode } from '@patio/core/schemas/attendance';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { idCardStorageKey } from './idCardStore';

const TODAY = localDateOf(Math.floor(Date.now() / 1000), DEFAULT_TIME_ZONE);
const SETTINGS = { title: 'Colegio Los Andes', signIn: { google: false, office: false, apple: false } };
const signedIn = (uid: number) => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(uid) });
const nowInSeconds = () => Math.floor(Date.now() / 1000);
const codeOf = (personId: number, validFor = 3600, mac = 'AbCdEf0123456789'): IdCode => ({ code: `v1.1.${personId}.${TODAY}.${mac}`, day: TODAY, validUntil: nowInSeconds() + validFor });

const classOf = (nodeName: string) => ({ nodeId: 70, nodeName, typeKey: 'class', role: 'student' as const, enrollmentStatus: 'active' as const, outcome: null, schoolYear: '2026' });
const SOFIA = {
  id: 4,
  firstName: 'Sofía',
  lastName: 'Pérez',
  lastName2: 'Ruiz',
  avatar: null,
  roles: ['student'],
  studentCode: 'S-0042',
  relatives: [{ id: 3, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null, kind: 'mother' }],
  groups: [classOf('7A')],
};
const TOMAS = { ...SOFIA, id: 5, firstName: 'Tomás', studentCode: 'S-0043', relatives: SOFIA.relatives, groups: [classOf('3B')] };
const LAURA = {
  id: 3,
  firstName: 'Laura',
  lastName: 'Ruiz',
  lastName2: null,
  avatar: null,
  roles: ['relative'],
  relatives: [
    { id: 4, firstName: 'Sofía', lastName: 'Pérez', lastName2: 'Ruiz', avatar: null, kind: 'daughter' },
    { id: 5, firstName: 'Tomás', lastName: 'Pérez', lastName2: 'Ruiz', avatar: null, kind: 'son' },
    { id: 6, firstName: 'Ana', lastName: 'Pérez', lastName2: 'Ruiz', avatar: null, kind: 'daughter' },
  ],
  groups: [],
};
const childCard = (p: typeof SOFIA) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, lastName2: p.lastName2, avatar: null, roles: p.roles, groups: [{ nodeId: 70, nodeName: p.groups[0].nodeName, enrollmentStatus: 'active' }] });

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

async function openId(uid: number, routes: Routes) {
  const stub = stubFetch(BASE, { 'GET vue/settings': { body: SETTINGS }, 'POST allowed': { body: {} }, ...routes });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/id', session: signedIn(uid) });
  return { ...stub, ...app };
}

const offline = () => {
  throw new TypeError('Failed to fetch');
};
const qrOf = (name: string) => screen.findByRole('img', { name: `Código QR del carné de ${name}` }, { timeout: 20_000 });

describe('/id, the school ID card with its QR code (issue 36 §3)', { timeout: 30_000 }, () => {
  it("§3: a student sees their card with the day's QR code, labelled, and the one day it is good for", async () => {
    const { calls } = await openId(4, { 'GET people/4': { body: SOFIA }, 'GET people/4/id-code': { body: codeOf(4) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Carné digital' }, { timeout: 20_000 })).toBeTruthy();
    const qr = await qrOf('Sofía Pérez Ruiz');
    const card = screen.getByRole('article', { name: 'Carné escolar' });
    expect(card.contains(qr)).toBe(true);
    expect(within(card).getByText('Código estudiantil').nextElementSibling?.textContent).toBe('S-0042');
    expect(within(card).getByText(/^Válido solo el /).textContent).toContain(String(Number(TODAY.slice(8, 10))));
    // Black modules on white, with the quiet zone in the view box.
    expect(qr.querySelector('rect')?.getAttribute('fill')).toBe('#fff');
    expect(qr.querySelector('path')?.getAttribute('fill')).toBe('#000');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h7/);
    // A student is nobody's parent: no children asked for.
    expect(calls.some((c) => c.url.endsWith('/children'))).toBe(false);
    // Kept on the device for the rest of the day.
    await waitFor(() => expect(localStorage.getItem(idCardStorageKey('demo', 4))).toContain(`v1.1.4.${TODAY}`));
    // Printing prints the card alone, without the day's code.
    expect(document.documentElement.dataset.printOnly).toBe('id-card');
    expect(card.querySelector('header')!.parentElement!.contains(qr)).toBe(false);
  });

  it("§3: a relative sees each child's card with its own code; a child not linked to them, or no longer a student, is left out", async () => {
    const { calls } = await openId(3, {
      'GET people/3': { body: LAURA },
      'GET people/3/children': { body: [childCard(SOFIA), childCard(TOMAS), { ...childCard(SOFIA), id: 6, firstName: 'Ana' }, { ...childCard(SOFIA), id: 8, firstName: 'Luis' }] },
      'GET people/4': { body: SOFIA },
      'GET people/5': { body: TOMAS },
      'GET people/6': { status: 403, body: { error: 'forbidden', message: 'No' } },
      // Luis left the school: the server gives him no code, so he has no card.
      'GET people/8': { body: { ...SOFIA, id: 8, firstName: 'Luis' } },
      'GET people/8/id-code': { status: 404, body: { error: 'no_id_card', message: 'No card' } },
      'GET people/4/id-code': { body: codeOf(4) },
      'GET people/5/id-code': { body: codeOf(5, 3600, 'ZyXw9876543210ab') },
    });
    const sofia = await qrOf('Sofía Pérez Ruiz');
    const tomas = await qrOf('Tomás Pérez Ruiz');
    expect(sofia.querySelector('path')?.getAttribute('d')).not.toBe(tomas.querySelector('path')?.getAttribute('d'));
    const list = screen.getByRole('list', { name: 'Carnés escolares' });
    expect(within(list).getAllByRole('article', { name: 'Carné escolar' })).toHaveLength(2);
    expect(within(list).queryByText(/Ana|Luis/)).toBeNull();
    // Laura herself is no student: her own code is never asked for.
    expect(calls.some((c) => c.url.endsWith('people/3/id-code'))).toBe(false);

    // Each card prints alone: the one whose button was pressed.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const [sofiaCard, tomasCard] = within(list).getAllByRole('article', { name: 'Carné escolar' });
    fireEvent.click(within(tomasCard.closest('li')!).getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.documentElement.dataset.printChosen).toBe('true');
    expect([sofiaCard.dataset.printing, tomasCard.dataset.printing]).toEqual([undefined, 'true']);
    fireEvent(window, new Event('afterprint'));
    expect(document.documentElement.dataset.printChosen).toBeUndefined();
    expect(tomasCard.dataset.printing).toBeUndefined();
    // Printing from the browser's menu prints the first card.
    fireEvent(window, new Event('beforeprint'));
    expect([sofiaCard.dataset.printing, tomasCard.dataset.printing]).toEqual(['true', undefined]);
  });

  it('§3: someone without a card is told so, and what to do', async () => {
    await openId(7, { 'GET people/7': { body: { id: 7, firstName: 'Carolina', lastName: 'Restrepo', lastName2: null, avatar: null, roles: ['teacher'], relatives: [], groups: [] } } });
    expect(await screen.findByRole('heading', { name: 'No tienes carné escolar' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(/aquí aparece el carné de cada hijo/)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('§3: offline once loaded: the card and code kept on the device show, saying so, while they are good for today', async () => {
    const first = await openId(3, {
      'GET people/3': { body: LAURA },
      'GET people/3/children': { body: [childCard(SOFIA)] },
      'GET people/4': { body: SOFIA },
      'GET people/4/id-code': { body: codeOf(4) },
    });
    const online = (await qrOf('Sofía Pérez Ruiz')).querySelector('path')?.getAttribute('d');
    await waitFor(() => expect(localStorage.getItem(idCardStorageKey('demo', 3))).not.toBeNull());
    first.unmount();

    // The next morning at the gate, in a dead zone: every request fails.
    await openId(3, { 'GET people/3': offline, 'GET people/3/children': offline, 'GET people/4': offline, 'GET people/4/id-code': offline });
    const kept = await qrOf('Sofía Pérez Ruiz');
    expect(kept.querySelector('path')?.getAttribute('d')).toBe(online);
    expect(await screen.findByText('Sin conexión: se muestra el carné guardado en este dispositivo.')).toBeTruthy();
  });

  it("§3: a kept card whose code's day is over is not shown offline; the screen says how to get it", async () => {
    const key = idCardStorageKey('demo', 4);
    localStorage.setItem(key, JSON.stringify({ cards: [{ person: SOFIA, code: { ...codeOf(4), validUntil: nowInSeconds() - 1 } }] }));
    await openId(4, { 'GET people/4': offline, 'GET people/4/id-code': offline });
    expect(await screen.findByRole('heading', { name: 'Sin conexión' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(/Abre el carné una vez con conexión/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Código QR/ })).toBeNull();
  });

  it('§3: the code is read again when its day ends', async () => {
    let answers = 0;
    await openId(4, {
      'GET people/4': { body: SOFIA },
      // The first code ends in a second; the next one lasts the day.
      'GET people/4/id-code': () => {
        answers += 1;
        return { body: answers === 1 ? codeOf(4, 1) : codeOf(4, 3600, 'NewDayCode000000') };
      },
    });
    const before = (await qrOf('Sofía Pérez Ruiz')).querySelector('path')?.getAttribute('d');
    await waitFor(() => expect(answers).toBe(2), { timeout: 8_000 });
    await waitFor(async () => expect((await qrOf('Sofía Pérez Ruiz')).querySelector('path')?.getAttribute('d')).not.toBe(before));
  });

  it('§3: a code whose day ends while offline is withdrawn from the card', async () => {
    let calls = 0;
    await openId(4, {
      'GET people/4': () => (calls > 1 ? offline() : { body: SOFIA }),
      'GET people/4/id-code': () => {
        calls += 1;
        return calls > 1 ? offline() : { body: codeOf(4, 1) };
      },
    });
    await qrOf('Sofía Pérez Ruiz');
    expect(await screen.findByText('El código de este carné ya venció; el de hoy aparece cuando vuelva la conexión.', undefined, { timeout: 8_000 })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Código QR/ })).toBeNull();
    expect(screen.getByRole('article', { name: 'Carné escolar' })).toBeTruthy();
  });
});
