import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { isSandboxConfigured } from './payment-settings';
import type { PaymentProvider, ProviderName } from './payments';
import { createSandboxProvider, sandboxSecretOf } from './sandbox';
import { createTuCompraProvider } from './tucompra';
import { createWompiProvider } from './wompi';

export * from './payments';
export { isSandboxConfigured, providerNameFor, type PaymentSettings } from './payment-settings';

const PROVIDERS: ReadonlySet<string> = new Set<ProviderName>(['sandbox', 'wompi', 'tucompra']);

/** True for a gateway this server knows by name (a webhook path segment). */
export function isProviderName(name: string): name is ProviderName {
  return PROVIDERS.has(name);
}

/**
 * The gateway `name` as configured, working on `db` (the sandbox keeps its charges there), or null
 * when it is not configured on this server. The sandbox exists only where it is the configured
 * provider: elsewhere nothing may mark a bill paid without money.
 */
export function paymentProviderFor(name: ProviderName, config: AppConfig, db: Database): PaymentProvider | null {
  if (name === 'sandbox') return isSandboxConfigured(config.payments) ? createSandboxProvider(db, sandboxSecretOf(config.jwtSecret)) : null;
  if (name === 'wompi') return config.payments?.wompi ? createWompiProvider(config.payments.wompi) : null;
  return config.payments?.tucompra ? createTuCompraProvider(config.payments.tucompra) : null;
}
