import type { ProviderName } from './payments';

// Which gateway takes a school's online payments, and its credentials, from the environment
// (README "Configuration"). The sandbox needs nothing: its signing key derives from the server's.

/** Wompi (WOMPI_*): web checkout keys, the events secret and the API to ask about a charge. */
export interface WompiSettings {
  publicKey: string;
  integritySecret: string;
  eventsSecret: string;
  /** WOMPI_PRIVATE_KEY: needed to search transactions by reference (the reconcile job). */
  privateKey?: string;
  /** https://production.wompi.co/v1, or https://sandbox.wompi.co/v1 with test keys. */
  apiUrl: string;
  checkoutUrl: string;
}

/** tuCompra (TUCOMPRA_*), used by the schools whose tuCompra setting (§3) is on. */
export interface TuCompraSettings {
  /** The merchant's `usuario` code at tuCompra. */
  user: string;
  /** The "llave de encripción" that signs the confirmation (firmaTuCompra). */
  encryptionKey: string;
  checkoutUrl: string;
  /** Status queries (REST "integrador" API): all three or none; without them the job cannot ask tuCompra. */
  api?: { url: string; password: string; terminal: string };
}

export interface PaymentSettings {
  /**
   * PAYMENT_PROVIDER: the gateway of schools without the tuCompra flag. Null in production when it is
   * unset: payments are never simulated by default there, so those schools take no online payments.
   */
  provider: Extract<ProviderName, 'sandbox' | 'wompi'> | null;
  wompi?: WompiSettings;
  tucompra?: TuCompraSettings;
}

export const WOMPI_API_URL = 'https://production.wompi.co/v1';
export const WOMPI_CHECKOUT_URL = 'https://checkout.wompi.co/p/';
export const TUCOMPRA_CHECKOUT_URL = 'https://gateway2.tucompra.com.co/tc/app/inputs/compra.jsp';

type Env = Record<string, string | undefined>;

const text = (env: Env, name: string) => (env[name] ?? '').trim();

function httpsUrl(value: string, name: string): string {
  if (!/^https?:\/\/[^/\s]+/i.test(value)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

/**
 * PAYMENT_PROVIDER, WOMPI_* and TUCOMPRA_*; refuses a half-configured gateway instead of failing at the
 * first payment. The sandbox is the default in development only: in `production` it must be named
 * (PAYMENT_PROVIDER=sandbox), and without PAYMENT_PROVIDER online payments are off.
 */
export function parsePayments(env: Env, production = false): PaymentSettings {
  const named = text(env, 'PAYMENT_PROVIDER').toLowerCase();
  const provider = named || (production ? null : 'sandbox');
  if (provider !== null && provider !== 'sandbox' && provider !== 'wompi') throw new Error(`PAYMENT_PROVIDER must be sandbox or wompi, got "${provider}"`);
  const wompi = parseWompi(env);
  if (provider === 'wompi' && !wompi) throw new Error('PAYMENT_PROVIDER=wompi needs WOMPI_PUBLIC_KEY, WOMPI_INTEGRITY_SECRET and WOMPI_EVENTS_SECRET');
  return { provider, wompi, tucompra: parseTuCompra(env) };
}

function parseWompi(env: Env): WompiSettings | undefined {
  const publicKey = text(env, 'WOMPI_PUBLIC_KEY');
  const integritySecret = text(env, 'WOMPI_INTEGRITY_SECRET');
  const eventsSecret = text(env, 'WOMPI_EVENTS_SECRET');
  if (!publicKey && !integritySecret && !eventsSecret) return undefined;
  if (!publicKey || !integritySecret || !eventsSecret) throw new Error('WOMPI_PUBLIC_KEY, WOMPI_INTEGRITY_SECRET and WOMPI_EVENTS_SECRET are set together');
  return {
    publicKey,
    integritySecret,
    eventsSecret,
    privateKey: text(env, 'WOMPI_PRIVATE_KEY') || undefined,
    apiUrl: httpsUrl(text(env, 'WOMPI_API_URL') || WOMPI_API_URL, 'WOMPI_API_URL').replace(/\/+$/, ''),
    checkoutUrl: httpsUrl(text(env, 'WOMPI_CHECKOUT_URL') || WOMPI_CHECKOUT_URL, 'WOMPI_CHECKOUT_URL'),
  };
}

function parseTuCompra(env: Env): TuCompraSettings | undefined {
  const user = text(env, 'TUCOMPRA_USER');
  const encryptionKey = text(env, 'TUCOMPRA_ENCRYPTION_KEY');
  if (!user && !encryptionKey) return undefined;
  if (!user || !encryptionKey) throw new Error('TUCOMPRA_USER and TUCOMPRA_ENCRYPTION_KEY are set together');
  const apiUrl = text(env, 'TUCOMPRA_API_URL');
  const password = text(env, 'TUCOMPRA_API_PASSWORD');
  const terminal = text(env, 'TUCOMPRA_TERMINAL');
  const apiParts = [apiUrl, password, terminal].filter(Boolean).length;
  if (apiParts !== 0 && apiParts !== 3) throw new Error('TUCOMPRA_API_URL, TUCOMPRA_API_PASSWORD and TUCOMPRA_TERMINAL are set together, or none');
  return {
    user,
    encryptionKey,
    checkoutUrl: httpsUrl(text(env, 'TUCOMPRA_CHECKOUT_URL') || TUCOMPRA_CHECKOUT_URL, 'TUCOMPRA_CHECKOUT_URL'),
    api: apiParts === 3 ? { url: httpsUrl(apiUrl, 'TUCOMPRA_API_URL').replace(/\/+$/, ''), password, terminal } : undefined,
  };
}

/**
 * The gateway of a school: tuCompra when its tuCompra setting is on and tuCompra is configured, else
 * PAYMENT_PROVIDER (the sandbox when no settings were given: development and tests); null when this
 * server takes no online payments (production without PAYMENT_PROVIDER).
 */
export function providerNameFor(settings: PaymentSettings | undefined, tuCompraFlag: boolean): ProviderName | null {
  if (tuCompraFlag && settings?.tucompra) return 'tucompra';
  return settings === undefined ? 'sandbox' : settings.provider;
}

/** The sandbox gateway's public pages and webhook exist only on a server configured with it. */
export function isSandboxConfigured(settings: PaymentSettings | undefined): boolean {
  return providerNameFor(settings, false) === 'sandbox';
}
