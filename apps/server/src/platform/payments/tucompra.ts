import { createHash, timingSafeEqual } from 'node:crypto';
import { toMajor, toMinor } from '@patio/core';
import type { PaymentProvider, ProviderReport, ProviderStatus, WebhookVerdict } from './payments';
import { ProviderUnavailable } from './payments';
import type { TuCompraSettings } from './payment-settings';

// tuCompra (Colombia), for the schools whose tuCompra setting (§3) is on. Its integration manual is
// not public; what is implemented here is what its merchants' integrations show, and the README says
// which parts are unverified:
// - Web checkout ("vPost"): compra.jsp with the merchant's `usuario`, `factura` (our reference),
//   `valor` (whole pesos) and `descripcionFactura`. Merchants post these from a form; the page is a
//   JSP, which reads the same parameters from a query string, so the checkout is a plain link here.
// - Confirmation URL (set in tuCompra's merchant panel): a form-encoded POST with codigoFactura,
//   valorFactura, transaccionAprobada (1 approved, 0 pending, -1 declined, 2 aborted, 3 reversed),
//   codigoAutorizacion, numeroTransaccion and firmaTuCompra = MD5 hex of
//   "{encryption key};{codigoFactura};{valorFactura};{codigoAutorizacion}".
// - Status (optional, TUCOMPRA_API_*): the REST "integrador" API, POST autenticar then
//   consultarEstadoTransaccion by reference.

const TIMEOUT_MS = 10_000;
/** tuCompra charges Colombian pesos. */
const CURRENCY = 'COP';

/** firmaTuCompra of a confirmation. */
export function tuCompraSignature(encryptionKey: string, invoice: string, value: string, authorization: string): string {
  return createHash('md5').update(`${encryptionKey};${invoice};${value};${authorization}`, 'utf8').digest('hex');
}

/** transaccionAprobada in our statuses. */
export function statusOfTuCompra(code: string | null): ProviderStatus {
  if (code === '1') return 'approved';
  if (code === '-1' || code === '2' || code === '3') return 'declined';
  return 'pending';
}

function equalHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase(), 'utf8');
  const y = Buffer.from(b.trim().toLowerCase(), 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

async function postJson(url: string, body: object, fetchImpl: typeof fetch): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ProviderUnavailable('tuCompra could not be reached');
  }
  if (!response.ok) {
    await response.arrayBuffer().catch(() => undefined);
    throw new ProviderUnavailable(`tuCompra answered ${response.status}`);
  }
  const json = (await response.json().catch(() => null)) as unknown;
  if (json === null || typeof json !== 'object') throw new ProviderUnavailable('tuCompra answered something that is not JSON');
  return json as Record<string, unknown>;
}

/** estadoPago of a status query (free text in the integrations seen) in our statuses. */
export function statusOfTuCompraQuery(estado: string): ProviderStatus {
  const s = estado.toUpperCase();
  if (/APROB|CONFIRM|^OK$|EXITOS/.test(s)) return 'approved';
  if (/RECHAZ|FALLID|ABORT|REVERS|DECLIN|CANCEL/.test(s)) return 'declined';
  return 'pending';
}

export function createTuCompraProvider(settings: TuCompraSettings, fetchImpl: typeof fetch = fetch): PaymentProvider {
  return {
    name: 'tucompra',
    async createCheckout(request) {
      if (request.currency.toUpperCase() !== CURRENCY) throw new ProviderUnavailable(`tuCompra cannot charge ${request.currency}`);
      const query = new URLSearchParams({
        usuario: settings.user,
        factura: request.reference,
        valor: String(toMajor(request.amount, CURRENCY)),
        descripcionFactura: request.description.slice(0, 200),
        campoExtra1: String(request.paymentId),
      });
      return { checkoutUrl: `${settings.checkoutUrl}?${query}`, providerRef: null };
    },
    async verifyWebhook(rawBody): Promise<WebhookVerdict> {
      const form = new URLSearchParams(rawBody.toString('utf8'));
      const invoice = form.get('codigoFactura') ?? '';
      const value = form.get('valorFactura') ?? '';
      const authorization = form.get('codigoAutorizacion') ?? '';
      const signature = form.get('firmaTuCompra') ?? '';
      if (!invoice || !value || !/^[0-9a-fA-F]{32}$/.test(signature.trim())) return { ok: false, reason: 'invalid_signature' };
      if (!equalHex(tuCompraSignature(settings.encryptionKey, invoice, value, authorization), signature)) return { ok: false, reason: 'invalid_signature' };
      const amount = toMinor(value, CURRENCY);
      if (amount === null) return { ok: false, reason: 'invalid_body' };
      const report: ProviderReport = {
        reference: invoice,
        providerRef: form.get('numeroTransaccion') || null,
        status: statusOfTuCompra(form.get('transaccionAprobada')),
        amount,
        currency: CURRENCY,
      };
      return { ok: true, report };
    },
    async fetchStatus({ reference }) {
      const api = settings.api;
      if (!api) return null;
      const auth = await postJson(`${api.url}/autenticar`, { usuario: settings.user, clave: api.password, terminal: api.terminal }, fetchImpl);
      if (String(auth.codigoRespuesta) !== '0' || typeof auth.tokenSeguridad !== 'string') throw new ProviderUnavailable('tuCompra refused to authenticate');
      const answer = await postJson(
        `${api.url}/consultarEstadoTransaccion`,
        { terminal: api.terminal, tokenSeguridad: auth.tokenSeguridad, referencia: reference, codigoSeguimiento: '', estadoPago: true, numeroTransaccion: true, valorPagado: true },
        fetchImpl,
      );
      // codigoRespuesta 1: tuCompra knows nothing of the reference (the payer never paid).
      if (String(answer.codigoRespuesta) !== '0' || typeof answer.estadoPago !== 'string') return null;
      const amount = toMinor(String(answer.valorPagado ?? ''), CURRENCY);
      const status = statusOfTuCompraQuery(answer.estadoPago);
      if (amount === null) return status === 'approved' ? null : { reference, providerRef: null, status, amount: 0, currency: CURRENCY };
      return { reference, providerRef: typeof answer.numeroTransaccion === 'string' ? answer.numeroTransaccion : null, status, amount, currency: CURRENCY };
    },
  };
}
