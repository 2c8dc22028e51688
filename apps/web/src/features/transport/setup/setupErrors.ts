import type { TFunction } from 'i18next';
import { ApiError } from '../../../app/api/ApiError';
import { describeError } from '../../../app/api/describeError';

// The codes the setup endpoints answer with (packages/core/src/schemas/transport-setup.ts and the
// server's route setup), each with its own sentence; any other failure reads as the app's generic one.
const KNOWN = new Set(['invalid_person', 'driver_is_monitor', 'run_in_progress', 'stop_in_use', 'not_a_stop', 'invalid_request', 'forbidden', 'not_found']);

/** A translated sentence for a refused route setup change. */
export function describeSetupError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.code;
    if (code && KNOWN.has(code)) return t(`transport.setup.errors.${code}`);
    if (error.status === 403) return t('transport.setup.errors.forbidden');
    if (error.status === 404) return t('transport.setup.errors.not_found');
  }
  return describeError(t, error);
}
