import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScanResult } from '@patio/core/schemas/attendance';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { ME, NODE, TODAY, record, roll, rollPath, signedIn } from './attendance.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
const scanPath = `POST attendance/checkpoints/${NODE}/scan`;
const me = { body: { id: ME, firstName: 'Carolina', lastName: 'Restrepo', lastName2: null, avatar: null, roles: ['teacher'], relatives: [], groups: [] } };

async function open(routes: Routes, path = `/attendance/checkpoint/${NODE}`) {
  const stub = stubFetch(BASE, { 'GET vue/settings': { body: {} }, [`GET people/${ME}`]: me, 'POST allowed': { body: {} }, ...routes });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn() });
  return { ...stub, ...app };
}

/** A server that marks whoever's code it is sent (codes are "code-<person id>"), and reads the roll back with the marks. */
function scanningServer() {
  const present = new Set<number>();
  const routes: Routes = {
    [rollPath()]: () => ({ body: roll({ students: roll({}, 3).students.map((s) => ({ ...s, record: present.has(s.person.id) ? record() : null })) }) }),
    [scanPath]: (call) => {
      const { code } = JSON.parse(String(call.init?.body)) as { code: string };
      const id = Number(code.replace('code-', ''));
      if (code === 'tampered') return { status: 400, body: { error: 'invalid_code', message: 'Invalid code' } };
      if (code === 'yesterday') return { status: 400, body: { error: 'code_expired', message: 'Expired' } };
      if (id === 999) return { status: 404, body: { error: 'not_on_roll', message: 'Not on roll' } };
      const alreadyMarked = present.has(id);
      present.add(id);
      const result: ScanResult = {
        person: { id, firstName: 'Bruno', lastName: 'Pérez', lastName2: null, avatar: null },
        status: 'present',
        alreadyMarked,
        checkpoint: roll().checkpoint,
        date: TODAY,
      };
      return { body: result };
    },
  };
  return { routes, present };
}

const scans = (calls: StubCall[]) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(`attendance/checkpoints/${NODE}/scan`));

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Escanear carné' }, { timeout: 20_000 }));
  return screen.findByRole('dialog', { name: 'Escanear carné · 7A' });
}

function typeCode(dialog: HTMLElement, code: string) {
  const field = within(dialog).getByRole('textbox', { name: 'Código del carné' });
  fireEvent.change(field, { target: { value: code } });
  fireEvent.submit(field.closest('form')!);
}

describe('scanning the school ID card on the roll (issue 36 §3)', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('§3: a code typed (or sent by a scanner) with Enter marks the student present, says so by name, and the roll shows it', async () => {
    const server = scanningServer();
    const { calls } = await open(server.routes);
    const dialog = await openDialog();
    // No camera in this browser: the field is there, and says so.
    expect(within(dialog).getByText(/No hay una cámara disponible/)).toBeTruthy();

    typeCode(dialog, '  code-102 ');
    expect(await within(dialog).findByText('Bruno Pérez: Presente')).toBeTruthy();
    expect(JSON.parse(String(scans(calls)[0].init?.body))).toEqual({ code: 'code-102' });
    // The field is empty again for the next card.
    expect(within(dialog).getByRole('textbox', { name: 'Código del carné' })).toHaveProperty('value', '');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const bruno = screen.getByRole('group', { name: 'Asistencia de Bruno Pérez' });
    expect(within(bruno).getByRole('radio', { name: 'Presente' })).toHaveProperty('checked', true);
    await waitFor(() => expect(within(bruno.closest('li')!).getByText('Guardado')).toBeTruthy());
    expect(server.present.has(102)).toBe(true);
  });

  it('§3: a second scan of the same card says it was already marked; the earlier outcome stays listed', async () => {
    const server = scanningServer();
    await open(server.routes);
    const dialog = await openDialog();
    typeCode(dialog, 'code-102');
    expect(await within(dialog).findByText('Bruno Pérez: Presente')).toBeTruthy();
    typeCode(dialog, 'code-102');
    expect(await within(dialog).findByText('Bruno Pérez: Ya estaba marcado (Presente)')).toBeTruthy();
    expect(within(within(dialog).getByRole('region', { name: 'Escaneos anteriores' })).getByText('Bruno Pérez: Presente')).toBeTruthy();
  });

  it('§3: a tampered, expired or unknown code is refused in words, and nothing is marked', async () => {
    const server = scanningServer();
    const { calls } = await open(server.routes);
    const dialog = await openDialog();
    const status = within(dialog).getByRole('status');
    typeCode(dialog, 'tampered');
    await waitFor(() => expect(status.textContent).toBe('Código no válido: no es un carné de este colegio o fue alterado.'));
    typeCode(dialog, 'yesterday');
    await waitFor(() => expect(status.textContent).toBe('Este código ya venció: pida que abran el carné de hoy.'));
    typeCode(dialog, 'code-999');
    await waitFor(() => expect(status.textContent).toBe('Esta persona no está en la lista de este grupo.'));
    // An empty Enter sends nothing.
    typeCode(dialog, '   ');
    expect(scans(calls)).toHaveLength(3);
    expect(server.present.size).toBe(0);
  });

  it('§3: without network the scan says it was not recorded', async () => {
    await open({
      [rollPath()]: { body: roll({}, 3) },
      [scanPath]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const dialog = await openDialog();
    typeCode(dialog, 'code-101');
    expect(await within(dialog).findByText(/^Sin conexión: el código no se registró/)).toBeTruthy();
  });

  it('§3: a camera the person refuses leaves the field working, with a message', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia } }));
    const server = scanningServer();
    await open(server.routes);
    const dialog = await openDialog();
    expect(await within(dialog).findByText(/^No hay permiso para usar la cámara/)).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    typeCode(dialog, 'code-101');
    expect(await within(dialog).findByText('Bruno Pérez: Presente')).toBeTruthy();
  });

  it('§3: no scan on a past day’s roll, nor on a roll the person may only read', async () => {
    const yesterday = new Date(Date.parse(`${TODAY}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const past = await open({ [rollPath(yesterday)]: { body: roll({ date: yesterday }, 3) } }, `/attendance/checkpoint/${NODE}?date=${yesterday}`);
    expect(await screen.findByRole('group', { name: 'Asistencia de Ana Pérez' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Escanear carné' })).toBeNull();
    past.unmount();

    await open({ [rollPath()]: { body: roll({ canMark: false }, 3) } });
    expect(await screen.findByText('Puede ver esta lista, pero no marcarla.', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Escanear carné' })).toBeNull();
  });
});
