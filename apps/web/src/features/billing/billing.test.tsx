import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { ME, balance, credit, creditSummary, debit, debitSummary, distribution, payment, refund, signedIn } from './billing.fixtures';
import { billingTabOf } from './billingTabs';
import { checkoutNavigator } from './checkoutNavigator';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
const person = (extra: Record<string, unknown> = {}) => ({ body: { id: ME, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null, roles: ['relative'], relatives: [], ...extra } });
const page = (items: unknown[], total = items.length): StubAnswer => ({ body: items, headers: { 'X-Total-Count': String(total) } });
const child = (id: number, firstName: string) => ({ id, firstName, lastName: 'Ruiz', lastName2: null, avatar: null, roles: ['student'], groups: [] });

async function open(path: string, routes: Routes) {
  const stub = stubFetch(BASE, { 'GET vue/settings': { body: {} }, [`GET people/${ME}`]: person(), 'POST allowed': { body: {} }, [`GET people/${ME}/children`]: { body: [] }, ...routes });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn() });
  return { ...stub, ...app };
}

const headerOf = (call: StubCall, name: string) => new Headers(call.init?.headers).get(name);

describe('billing tabs', () => {
  it('counts the spec’s default tab 1 from 1: pending charges open, anything unknown falls back to them', () => {
    expect(billingTabOf(null)).toBe('pending');
    expect(billingTabOf('1')).toBe('pending');
    expect(billingTabOf('2')).toBe('paid');
    expect(billingTabOf('4')).toBe('payments');
    expect(billingTabOf('0')).toBe('pending');
    expect(billingTabOf('x')).toBe('pending');
  });
});

describe('billing screen', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens on pending charges with the balance on top, money in the school’s currency, and keeps the tab in the address', async () => {
    const { router, calls } = await open(`/billing/${ME}`, {
      [`GET people/${ME}/billing/balance`]: { body: balance() },
      [`GET people/${ME}/billing/debits/pending?page=1&limit=20`]: page([debitSummary(), debitSummary({ id: 12, sequence: 1042, period: '2026-02', description: 'Pensión febrero', status: 'overdue', balance: 500_000 })]),
      [`GET people/${ME}/billing/debits/paid?page=1&limit=20`]: page([debitSummary({ id: 9, status: 'paid', paid: 450_000, balance: 0, paidOn: '2026-01-08', period: '2026-01', description: 'Pensión enero' })]),
    });
    const pendingTab = await screen.findByRole('tab', { name: 'Cobros pendientes' }, { timeout: 20_000 });
    expect(pendingTab.getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Cobros pendientes' });
    const rows = within(list).getAllByRole('link');
    expect(rows[0].getAttribute('href')).toBe('/billing/debits/11');
    expect(rows[0].textContent).toMatch(/^Pensión marzo/);
    expect(rows[0].textContent).toMatch(/\$\s450\.000/);
    expect(within(rows[1]).getByText('Vencido')).toBeTruthy();
    // A student's own list names nobody.
    expect(rows[0].textContent).not.toMatch(/Ana Ruiz/);
    const summary = screen.getByRole('region', { name: 'Saldo' });
    expect(within(summary).getByText('Saldo total').nextElementSibling?.textContent).toMatch(/\$\s900\.000/);
    expect(within(summary).getByText('Vencido').nextElementSibling?.textContent).toMatch(/\$\s450\.000.*1 cobro vencido/);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Pagados' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Pagados' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(await screen.findByRole('list', { name: 'Pagados' })).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('billing/debits/paid?page=1&limit=20'))).toBe(true);
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Cobros pendientes' }).getAttribute('aria-selected')).toBe('true'));
  });

  it('shows a family each student’s name and lets it narrow the list to one child', async () => {
    const { router } = await open(`/billing/${ME}?tab=3`, {
      [`GET people/${ME}/children`]: { body: [child(40, 'Ana'), child(41, 'Tomás')] },
      [`GET people/${ME}/billing/balance`]: { body: balance() },
      [`GET people/${ME}/billing/credits?balance=true&page=1&limit=20`]: page([creditSummary(), creditSummary({ id: 22, sequence: 311, person: { id: 41, name: 'Tomás Ruiz' } })]),
      'GET people/41/billing/balance': { body: balance({ balance: 0, overdue: 0 }) },
      'GET people/41/billing/credits?balance=true&page=1&limit=20': page([creditSummary({ id: 22, sequence: 311, person: { id: 41, name: 'Tomás Ruiz' } })]),
    });
    const list = await screen.findByRole('list', { name: 'Pagos por aplicar' }, { timeout: 20_000 });
    await waitFor(() => expect(within(list).getAllByRole('link')[0].textContent).toMatch(/Ana Ruiz/));
    expect(within(list).getAllByRole('link')[1].textContent).toMatch(/Tomás Ruiz/);
    expect(within(list).getAllByRole('link')[0].getAttribute('href')).toBe('/billing/credits/21');
    fireEvent.change(screen.getByLabelText('Estudiante'), { target: { value: '41' } });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=3&child=41'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Pagos por aplicar' })).getAllByRole('link')).toHaveLength(1));
  });

  it('item 4: tells a student whose school keeps billing to the family where it is, instead of a refusal', async () => {
    await open(`/billing/${ME}`, {
      [`GET people/${ME}`]: person({ roles: ['student'] }),
      [`GET people/${ME}/billing/balance`]: { status: 403, body: { error: 'forbidden', message: 'Not allowed' } },
      [`GET people/${ME}/billing/debits/pending?page=1&limit=20`]: { status: 403, body: { error: 'forbidden', message: 'Not allowed' } },
    });
    expect(await screen.findByRole('heading', { name: 'Los pagos los ve tu familia' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Cobros pendientes' })).toBeNull();
  });

  it('says what to expect when nothing is pending', async () => {
    await open(`/billing/${ME}`, {
      [`GET people/${ME}/billing/balance`]: { body: balance({ balance: 0, pending: 0, overdue: 0, pendingCount: 0, overdueCount: 0 }) },
      [`GET people/${ME}/billing/debits/pending?page=1&limit=20`]: page([]),
    });
    expect(await screen.findByRole('heading', { name: 'Estás al día' }, { timeout: 20_000 })).toBeTruthy();
  });
});

describe('debit screen', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts a payment with an Idempotency-Key and follows the checkout address', async () => {
    const go = vi.spyOn(checkoutNavigator, 'open').mockImplementation(() => {});
    const { calls } = await open('/billing/debits/11', {
      'GET billing/debits/11': { body: debit() },
      'POST billing/debits/11/payments': { status: 201, body: { id: 90, status: 'pending', checkoutUrl: '/api/demo/billing/providers/sandbox/checkout/tok', amount: 450_000, currency: 'COP' } },
    });
    expect(await screen.findByRole('cell', { name: 'Pensión' }, { timeout: 20_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Pagar \$\s450\.000 en línea/ }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/demo/billing/providers/sandbox/checkout/tok'));
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('billing/debits/11/payments'))!;
    expect(headerOf(post, 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tries a failed click again with the same key', async () => {
    vi.spyOn(checkoutNavigator, 'open').mockImplementation(() => {});
    let answers = 0;
    const { calls } = await open('/billing/debits/11', {
      'GET billing/debits/11': { body: debit() },
      'POST billing/debits/11/payments': () => (++answers === 1 ? { status: 503, body: { error: 'unavailable', message: 'Try later' } } : { status: 201, body: { id: 90, status: 'pending', checkoutUrl: '/checkout', amount: 450_000, currency: 'COP' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Pagar/ }, { timeout: 20_000 }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/payments'))).toHaveLength(2));
    const keys = calls.filter((c) => c.method === 'POST' && c.url.endsWith('/payments')).map((c) => headerOf(c, 'Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
  });

  it('tells the family, back from the checkout, that the outcome may take minutes, then shows it approved', async () => {
    let asked = 0;
    const { calls } = await open('/billing/debits/11?payment=90', {
      'GET billing/debits/11': () => ({ body: asked > 1 ? debit({ status: 'paid', paid: 450_000, balance: 0, canPay: false, distributions: [distribution({ creditId: 30, creditSequence: 400, method: 'online', value: 450_000 })] }) : debit() }),
      'GET billing/payments/90': () => ({ body: ++asked > 1 ? payment({ status: 'approved', creditId: 30, completedAt: 1_790_000_100 }) : payment() }),
    });
    expect(await screen.findByText('El resultado puede tardar unos minutos en verse. Puedes quedarte en esta página o volver más tarde.', {}, { timeout: 20_000 })).toBeTruthy();
    expect(await screen.findByText('Pago aprobado.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver el recibo' }).getAttribute('href')).toBe('/billing/credits/30');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Pagar/ })).toBeNull());
    expect(screen.getByRole('link', { name: 'Pago n.º 400' })).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('billing/debits/11')).length).toBeGreaterThan(1);
  });

  it('offers to continue a payment left at the checkout instead of starting another', async () => {
    const go = vi.spyOn(checkoutNavigator, 'open').mockImplementation(() => {});
    await open('/billing/debits/11', { 'GET billing/debits/11': { body: debit({ lastPayment: payment({ checkoutUrl: '/api/demo/billing/providers/sandbox/checkout/left' }) }) } });
    expect(await screen.findByText(/Este cobro tiene un pago de \$\s450\.000 en curso/, {}, { timeout: 20_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar el pago' }));
    expect(go).toHaveBeenCalledWith('/api/demo/billing/providers/sandbox/checkout/left');
  });

  it('item 4: paying a debit whose open payment another relative started shows that payment and continues it', async () => {
    const go = vi.spyOn(checkoutNavigator, 'open').mockImplementation(() => {});
    const open88 = payment({ id: 88, checkoutUrl: '/api/demo/billing/providers/sandbox/checkout/open' });
    const { calls } = await open('/billing/debits/11', {
      'GET billing/debits/11': { body: debit({ lastPayment: open88 }) },
      'POST billing/debits/11/payments': { status: 200, body: { id: 88, status: 'pending', checkoutUrl: open88.checkoutUrl, amount: 450_000, currency: 'COP' } },
    });
    expect(await screen.findByText(/Este cobro tiene un pago de \$\s450\.000 en curso, tuyo o de alguien de tu familia/, {}, { timeout: 20_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Pagar/ }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/demo/billing/providers/sandbox/checkout/open'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('item 1: payments: says why there is no online payment where the school takes none', async () => {
    await open('/billing/debits/11', { 'GET billing/debits/11': { body: debit({ canPay: false, paymentsAvailable: false }) } });
    expect(await screen.findByText('Pago en línea no disponible', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(/Paga en la tesorería del colegio/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pagar/ })).toBeNull();
  });

  it('offers no Pay button when the caller may not pay', async () => {
    await open('/billing/debits/11', { 'GET billing/debits/11': { body: debit({ canPay: false }) } });
    expect(await screen.findByRole('cell', { name: 'Pensión' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pagar/ })).toBeNull();
  });
});

describe('credit screen', { timeout: 30_000 }, () => {
  it('shows the payment, its distribution and its value in Spanish words, without staff actions for a family', async () => {
    await open('/billing/credits/21', { 'GET billing/credits/21': { body: credit() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pago n.º 310' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('doscientos cincuenta mil')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Cobro n.º 1041/ }).getAttribute('href')).toBe('/billing/debits/11');
    expect(screen.getByRole('button', { name: 'Recibo del pago n.º 310 (PDF)' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Aplicar o deshacer (tesorería)' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Deshacer/ })).toBeNull();
  });

  it('lets staff unapply and apply, each after a confirmation', async () => {
    const { calls } = await open('/billing/credits/21', {
      'GET billing/credits/21': { body: credit({ canManage: true }) },
      'GET people/40/billing/debits/pending?page=1&limit=20': page([debitSummary({ id: 12, sequence: 1042, period: '2026-04', description: 'Pensión abril' })]),
      'POST billing/credits/21/unapply': { body: credit({ canManage: true, distributions: [], applied: 0, unapplied: 250_000 }) },
      'POST billing/credits/21/apply': { body: credit({ canManage: true }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Deshacer en el cobro n.º 1041' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: '¿Deshacer la aplicación?' });
    expect(calls.some((c) => c.url.endsWith('/unapply'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/unapply'))?.init?.body).toBe(JSON.stringify({ debitId: 11 })));

    await waitFor(() => expect(screen.getByLabelText('Aplicar a').querySelectorAll('option')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Aplicar a'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    const applyDialog = await screen.findByRole('dialog', { name: '¿Aplicar el pago?' });
    expect(within(applyDialog).getByText(/abril de 2026/)).toBeTruthy();
    fireEvent.click(within(applyDialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/apply'))?.init?.body).toBe(JSON.stringify({ debitId: 12 })));
  });
});

describe('treasury: refunds and who sees payments', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('item 4: lists a refund to make and marks it done with a note', async () => {
    let done = false;
    const { calls } = await open('/billing/admin?tab=refunds', {
      'GET billing/refunds?state=open&page=1&limit=20': () => page(done ? [] : [refund()]),
      'GET billing/refunds?state=done&page=1&limit=20': page([refund({ doneAt: 1_790_100_000, doneBy: { id: 2, name: 'Tesorería Demo' }, note: 'TRF-9' })]),
      'POST billing/refunds/7/done': () => {
        done = true;
        return { body: refund({ doneAt: 1_790_100_000, doneBy: { id: 2, name: 'Tesorería Demo' }, note: 'TRF-9' }) };
      },
    });
    const list = await screen.findByRole('list', { name: 'Devoluciones' }, { timeout: 20_000 });
    expect(within(list).getByText('Ana Ruiz')).toBeTruthy();
    expect(within(list).getByText(/\$\s450\.000/)).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Ver el pago por aplicar n.º 311' }).getAttribute('href')).toBe('/billing/credits/22');
    fireEvent.click(within(list).getByRole('button', { name: 'Marcar como hecha' }));
    fireEvent.change(screen.getByLabelText('Cómo se resolvió'), { target: { value: ' TRF-9 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('billing/refunds/7/done'))?.init?.body).toBe(JSON.stringify({ note: 'TRF-9' })));
    expect(await screen.findByText('No hay devoluciones pendientes.')).toBeTruthy();
  });

  it('issue 34 item 3: downloads the debtors as CSV or Excel (XLSX) with the filters and the interface language', async () => {
    const debtor = { person: { id: 5, name: 'Ana Ruiz' }, relatives: [{ id: 6, name: 'Laura Ruiz' }], overdue: 45_000_000, pending: 45_000_000, overdueCount: 1, oldestExpiration: '2026-03-10', daysOverdue: 20, currency: 'COP' };
    const disposition = (name: string) => ({ 'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${name}` });
    // The reminder's autosizing textarea listens to document.fonts, which jsdom lacks (left in place:
    // the textarea unsubscribes when the screen is taken down after the test).
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} }, configurable: true });
    const { calls } = await open('/billing/admin?tab=debtors', {
      'GET billing/debtors?page=1&limit=20': page([debtor]),
      'GET billing/debtors.csv?lang=es': { body: 'Estudiante;Familiares', headers: disposition('deudores.csv') },
      'GET billing/debtors.csv?lang=es&format=xlsx': { body: 'PK', headers: disposition('deudores.xlsx') },
      'GET nodes': { body: { types: [], nodes: [] } },
    });
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:debtors');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar CSV' }, { timeout: 20_000 }));
    await waitFor(() => expect(saved).toEqual(['deudores.csv']));
    fireEvent.click(screen.getByRole('button', { name: 'Descargar Excel (XLSX)' }));
    await waitFor(() => expect(saved).toEqual(['deudores.csv', 'deudores.xlsx']));
    expect(calls.filter((c) => c.url.includes('debtors.csv')).map((c) => c.url.slice(BASE.length))).toEqual(['billing/debtors.csv?lang=es', 'billing/debtors.csv?lang=es&format=xlsx']);
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
  });

  it('item 4: switches whether students see their own charges', async () => {
    const settings = { currency: 'COP', interest: { monthlyRatePercent: 1.5, graceDays: 5 }, provider: 'sandbox', studentsSeeOwnBilling: false };
    const { calls } = await open('/billing/admin?tab=settings', {
      'GET billing/settings': { body: settings },
      'PUT billing/settings': { body: { ...settings, studentsSeeOwnBilling: true } },
    });
    const toggle = await screen.findByLabelText('Los estudiantes ven sus propios cobros', {}, { timeout: 20_000 });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.init?.body).toBe(JSON.stringify({ studentsSeeOwnBilling: true })));
    expect(await screen.findByText('Se guardó quién ve los pagos.')).toBeTruthy();
    expect((screen.getByLabelText('Los estudiantes ven sus propios cobros') as HTMLInputElement).checked).toBe(true);
  });
});
