import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceMark } from '@patio/core/schemas/attendance';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { ME, NODE, TODAY, day, logPath, record, report, roll, rollPath, signedIn, student } from './attendance.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
const me = (extra: Record<string, unknown> = {}) => ({ body: { id: ME, firstName: 'Carolina', lastName: 'Restrepo', lastName2: null, avatar: null, roles: ['teacher'], relatives: [], groups: [], ...extra } });

/** Opens a screen; with `hold`, every POST of marks waits for it before it is answered (a slow network). */
async function open(path: string, routes: Routes, hold?: () => Promise<void>) {
  const stub = stubFetch(BASE, { 'GET vue/settings': { body: {} }, [`GET people/${ME}`]: me(), 'POST allowed': { body: {} }, [`GET people/${ME}/children`]: { body: [] }, ...routes });
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (hold && init?.method === 'POST' && String(input).endsWith(`attendance/checkpoints/${NODE}/log`)) await hold();
    return stub.fetchMock(input, init);
  };
  vi.stubGlobal('fetch', fetchMock);
  const app = await renderApp({ path, session: signedIn() });
  return { ...stub, ...app };
}

const bodyOf = (call: StubCall) => JSON.parse(String(call.init?.body)) as AttendanceMark[];
const posts = (calls: StubCall[]) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(`attendance/checkpoints/${NODE}/log`));
const rowOf = (name: string) => screen.getByRole('group', { name: `Asistencia de ${name}` });
const counter = (label: string) => within(screen.getByRole('list', { name: 'Estudiantes' }).ownerDocument.body).getByText(label).closest('div')?.querySelector('dd')?.textContent;

describe('the roll call', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** A server keeping what it is sent: the roll read again afterwards has the records. */
  function keepingServer(size = 35) {
    const kept = new Map<number, AttendanceMark>();
    const routes: Routes = {
      [rollPath()]: () => ({
        body: roll({ taken: kept.size > 0, takenAt: kept.size > 0 ? 1_790_000_000 : null, students: roll({}, size).students.map((s) => ({ ...s, record: kept.has(s.person.id) ? record({ type: kept.get(s.person.id)!.type }) : null })) }),
      }),
      [logPath]: (call) => {
        for (const mark of bodyOf(call)) kept.set(mark.person, mark);
        return { body: { changed: bodyOf(call).length, unchanged: 0 } };
      },
    };
    return { kept, routes };
  }

  it('item 3: saves each tap as it is made, the first roll as a correction, then the rest present in one array', async () => {
    const server = keepingServer();
    const { calls } = await open(`/attendance/checkpoint/${NODE}`, server.routes);
    expect(await screen.findByRole('heading', { level: 1, name: '7A' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getAllByRole('radio', { name: 'Presente', checked: true })).toHaveLength(35);
    expect(counter('Presentes')).toBe('35');
    expect(screen.getByText('Aún no se ha tomado la asistencia de este día.')).toBeTruthy();
    expect(within(rowOf('Camila Pérez').closest('li')!).getByText('Sin marcar')).toBeTruthy();

    // Tap 1: Camila is absent — sent at once, as a correction would be.
    fireEvent.click(within(rowOf('Camila Pérez')).getByRole('radio', { name: 'Ausente' }));
    expect(counter('Presentes')).toBe('34');
    expect(counter('Ausentes')).toBe('1');
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(bodyOf(posts(calls)[0])).toMatchObject([{ person: 103, type: 'absent', date: TODAY }]);
    await waitFor(() => expect(within(rowOf('Camila Pérez').closest('li')!).getByText('Guardado')).toBeTruthy());

    // Tap 2: the rest present, in one array of everyone nobody marked.
    fireEvent.click(screen.getByRole('button', { name: 'Marcar presentes a los demás (34)' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    const rest = bodyOf(posts(calls)[1]);
    expect(rest).toHaveLength(34);
    expect(rest.every((m) => m.type === 'present' && m.date === TODAY && Number.isInteger(m.markedAt))).toBe(true);
    expect(rest.map((m) => m.person)).not.toContain(103);
    expect(await screen.findByText('Sincronizado')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Guardado')).toHaveLength(35));
    expect(screen.queryByRole('button', { name: /Marcar presentes/ })).toBeNull();
    expect(server.kept.get(103)?.type).toBe('absent');
  });

  it('item 3: a row says pending, then saved, announces it politely, and undoes its last tap through the same queue', async () => {
    let release!: () => void;
    let gate = new Promise<void>((resolve) => (release = resolve));
    const server = keepingServer(3);
    const { calls } = await open(`/attendance/checkpoint/${NODE}`, server.routes, () => gate);
    const bruno = await screen.findByRole('group', { name: 'Asistencia de Bruno Pérez' }, { timeout: 20_000 });
    const row = () => rowOf('Bruno Pérez').closest('li')!;

    fireEvent.click(within(bruno).getByRole('radio', { name: 'Ausente' }));
    // On its way: said in words and with its own icon, not by colour alone.
    expect(await within(row()).findByText('Guardando…')).toBeTruthy();
    expect(row().getAttribute('data-status')).toBe('pending');
    const undo = within(row()).getByRole('button', { name: 'Deshacer la marca de Bruno Pérez' });
    expect(undo.textContent).toContain('Deshacer');

    release();
    await waitFor(() => expect(within(row()).getByText('Guardado')).toBeTruthy());
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('Bruno Pérez: Ausente, guardado. Puede deshacerla durante 10 segundos; después se avisa a la familia.');

    // Undo: the row shows what it showed before the tap, and that is saved like any mark.
    gate = Promise.resolve();
    fireEvent.click(within(row()).getByRole('button', { name: 'Deshacer la marca de Bruno Pérez' }));
    expect(within(rowOf('Bruno Pérez')).getByRole('radio', { name: 'Presente' })).toHaveProperty('checked', true);
    expect(within(row()).queryByRole('button', { name: /Deshacer/ })).toBeNull();
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(bodyOf(posts(calls)[1])).toMatchObject([{ person: 102, type: 'present', date: TODAY, note: '' }]);
    expect(Number(bodyOf(posts(calls)[1])[0].markedAt)).toBeGreaterThanOrEqual(Number(bodyOf(posts(calls)[0])[0].markedAt));
    await waitFor(() => expect(live.textContent).toBe('Bruno Pérez: Presente, guardado.'));
    await waitFor(() => expect(server.kept.get(102)?.type).toBe('present'));
  });

  it('item 3: a refused mark says so on its row, with a retry that sends it again', async () => {
    let refuse = true;
    const server = keepingServer(2);
    const { calls } = await open(`/attendance/checkpoint/${NODE}`, {
      ...server.routes,
      [logPath]: (call) => (refuse ? { status: 400, body: { error: 'not_in_node', message: 'No' } } : (server.routes[logPath] as (c: StubCall) => StubAnswer)(call)),
    });
    fireEvent.click(within(await screen.findByRole('group', { name: 'Asistencia de Ana Pérez' }, { timeout: 20_000 })).getByRole('radio', { name: 'Tarde' }));
    const row = () => rowOf('Ana Pérez').closest('li')!;
    expect(await within(row()).findByText('No se guardó')).toBeTruthy();
    expect(row().getAttribute('data-status')).toBe('failed');
    expect(within(rowOf('Ana Pérez')).getByRole('radio', { name: 'Tarde' })).toHaveProperty('checked', true);
    refuse = false;
    fireEvent.click(within(row()).getByRole('button', { name: 'Reintentar: marca de Ana Pérez' }));
    await waitFor(() => expect(within(row()).getByText('Guardado')).toBeTruthy());
    expect(posts(calls).map((c) => bodyOf(c)[0].type)).toEqual(['late', 'late']);
  });

  it('corrects a saved mark with one tap, sent at once, and shows the family’s excuse and the alert', async () => {
    const saved = roll({
      taken: true,
      takenAt: 1_790_000_000,
      takenBy: { id: ME, name: 'Carolina Restrepo' },
      students: [
        student(1, record({ type: 'absent', alert: 'sent', excuses: [{ text: 'Tiene gripa', at: 1_790_000_500, by: { id: 9, name: 'Andrés Gómez' } }] })),
        student(2, record()),
      ],
    });
    const { calls } = await open(`/attendance/checkpoint/${NODE}`, { [rollPath()]: { body: saved }, [logPath]: { body: { changed: 1, unchanged: 0 } } });
    const ana = await screen.findByRole('group', { name: 'Asistencia de Ana Pérez' }, { timeout: 20_000 });
    expect(within(ana).getByRole('radio', { name: 'Ausente' })).toHaveProperty('checked', true);
    expect(screen.getByText('Excusa de Andrés Gómez')).toBeTruthy();
    expect(screen.getByText(/Familia avisada/)).toBeTruthy();
    expect(screen.getByText(/Asistencia tomada a las .* por Carolina Restrepo\./)).toBeTruthy();

    fireEvent.click(within(ana).getByRole('radio', { name: 'Presente' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(bodyOf(posts(calls)[0])).toMatchObject([{ person: 101, type: 'present', date: TODAY }]);

    // The details hold the excuse's text and a note.
    fireEvent.click(screen.getByRole('button', { name: /^Ana Pérez/ }));
    expect(screen.getByText('Tiene gripa')).toBeTruthy();
  });

  it('finds a student by code, or by name typed without accents', async () => {
    await open(`/attendance/checkpoint/${NODE}`, { [rollPath()]: { body: roll() } });
    const search = await screen.findByRole('searchbox', { name: 'Buscar estudiante' }, { timeout: 20_000 });
    fireEvent.change(search, { target: { value: 'CLA-0012' } });
    expect(within(screen.getByRole('list', { name: 'Estudiantes' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Asistencia de Luis Pérez' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'jose' } });
    expect(screen.getByRole('group', { name: 'Asistencia de José Pérez' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('Ningún estudiante coincide con «zzz».')).toBeTruthy();
    // The counters and the save button still count the whole class.
    expect(screen.getByRole('button', { name: 'Marcar presentes a los demás (35)' })).toBeTruthy();
  });

  it('keeps marks while offline, says they wait, and sends them when the browser is back online', async () => {
    let isOnline = false;
    const { calls } = await open(`/attendance/checkpoint/${NODE}`, {
      [rollPath()]: { body: roll({}, 3) },
      [logPath]: () => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        return { body: { changed: 3, unchanged: 0 } };
      },
    });
    fireEvent.click(within(await screen.findByRole('group', { name: 'Asistencia de Bruno Pérez' }, { timeout: 20_000 })).getByRole('radio', { name: 'Tarde' }));
    expect(await screen.findByText(/1 marca pendiente de sincronizar/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar presentes a los demás (2)' }));
    expect(await screen.findByText(/3 marcas pendientes de sincronizar/)).toBeTruthy();
    const stored = JSON.parse(localStorage.getItem(`patio.attendance.demo.${NODE}.queue`) ?? '[]') as AttendanceMark[];
    expect(stored.map((m) => [m.person, m.type])).toEqual([[102, 'late'], [101, 'present'], [103, 'present']]);
    // Each row says its mark waits on the device.
    expect(screen.getAllByText('En espera de conexión')).toHaveLength(3);
    // Still marked as the teacher left them.
    expect(within(rowOf('Bruno Pérez')).getByRole('radio', { name: 'Tarde' })).toHaveProperty('checked', true);

    isOnline = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Sincronizado')).toBeTruthy();
    const sent = posts(calls).map(bodyOf);
    // The same marks each time: the second send is the one that got through.
    expect(sent.at(-1)).toEqual(stored);
    expect(localStorage.getItem(`patio.attendance.demo.${NODE}.queue`)).toBeNull();
  });

  it('shows the roll kept on the device when it is opened again without network', async () => {
    const first = await open(`/attendance/checkpoint/${NODE}`, { [rollPath()]: { body: roll({}, 4) } });
    await screen.findByRole('group', { name: 'Asistencia de Diego Pérez' }, { timeout: 20_000 });
    await waitFor(() => expect(localStorage.getItem(`patio.attendance.demo.${NODE}.roll`)).not.toBeNull());
    first.unmount();

    await open(`/attendance/checkpoint/${NODE}`, {
      [rollPath()]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await screen.findByRole('group', { name: 'Asistencia de Diego Pérez' }, { timeout: 20_000 })).toBeTruthy();
    expect(await screen.findByText('Sin conexión: se muestra la lista guardada en este dispositivo.')).toBeTruthy();
  });

  it('refuses someone who may not see the group', async () => {
    await open(`/attendance/checkpoint/${NODE}`, { [rollPath()]: { status: 403, body: { error: 'forbidden', message: 'No' } } });
    expect(await screen.findByRole('heading', { name: 'No puedes ver este grupo' }, { timeout: 20_000 })).toBeTruthy();
  });
});

describe('the attendance admin screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the day’s checkpoints with a link to each roll, who is missing, and the rates of the period', async () => {
    await open('/attendance/admin', {
      [`GET people/${ME}`]: me({ groups: [{ nodeId: NODE, nodeName: '7A', typeKey: 'course', role: 'group_director', enrollmentStatus: null, outcome: null, schoolYear: '2026' }] }),
      [`GET attendance/day?date=${TODAY}`]: { body: day() },
      [`GET attendance/reports?from=${TODAY.slice(0, 8)}01&to=${TODAY}&limit=1000`]: { body: report() },
      'GET nodes': { body: { nodes: [] } },
    });
    expect(await screen.findByRole('link', { name: /^Tomar asistencia de 7A:/ }, { timeout: 20_000 })).toHaveProperty('pathname', `/attendance/checkpoint/${NODE}`);
    expect(await screen.findByRole('link', { name: /^Tomar la asistencia de 9A:/ })).toHaveProperty('pathname', '/attendance/checkpoint/71');
    expect(screen.getByRole('link', { name: /^Ver la lista de 7A:/ })).toBeTruthy();
    expect(screen.getByText('1 lista sin tomar')).toBeTruthy();
    expect(screen.getByText('Ausente en 7A')).toBeTruthy();
    const groups = await screen.findByRole('table', { name: 'Por grupo' });
    expect(within(groups).getByRole('row', { name: /7A/ }).textContent).toMatch(/80\s?%/);
    expect(within(screen.getByRole('table', { name: 'Por estudiante' })).getAllByRole('row')).toHaveLength(3);
  });

  it('item 3: downloads the rates as CSV or Excel (XLSX), in the interface language', async () => {
    const from = `${TODAY.slice(0, 8)}01`;
    const disposition = (name: string) => ({ 'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${name}` });
    const { calls } = await open('/attendance/admin', {
      [`GET attendance/day?date=${TODAY}`]: { body: day() },
      [`GET attendance/reports?from=${from}&to=${TODAY}&limit=1000`]: { body: report() },
      [`GET attendance/reports.csv?from=${from}&to=${TODAY}&lang=es`]: { body: 'Grupo;Estudiante', headers: disposition('asistencia.csv') },
      [`GET attendance/reports.csv?from=${from}&to=${TODAY}&lang=es&format=xlsx`]: { body: 'PK', headers: disposition('asistencia.xlsx') },
      'GET nodes': { body: { nodes: [] } },
    });
    // jsdom has no object URLs: stand-ins, put back at the end.
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:rates');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar CSV' }, { timeout: 20_000 }));
    await waitFor(() => expect(saved).toEqual(['asistencia.csv']));
    fireEvent.click(screen.getByRole('button', { name: 'Descargar Excel (XLSX)' }));
    await waitFor(() => expect(saved).toEqual(['asistencia.csv', 'asistencia.xlsx']));
    expect(calls.filter((c) => c.url.includes('reports.csv')).map((c) => c.url.slice(BASE.length))).toEqual([
      `attendance/reports.csv?from=${from}&to=${TODAY}&lang=es`,
      `attendance/reports.csv?from=${from}&to=${TODAY}&lang=es&format=xlsx`,
    ]);
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
  });
});
