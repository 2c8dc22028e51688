// Where a school's legacy modules live (v3 blocks read `{legacyHost}/{block url}` with the bearer
// token, spec §7). Stored as orgs.settings JSON `legacyHost`; unset means the default the client
// derives (the API host without its api part, spec §8), so a school only sets it when that is wrong.

export const LEGACY_HOST_KEY = 'legacyHost';

/** The school's legacy host, or null for the default. */
export function legacyHostOf(settings: Record<string, unknown>): string | null {
  const value = settings[LEGACY_HOST_KEY];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The address as stored: without trailing slashes, so `{legacyHost}/{url}` never doubles one. */
export function storedLegacyHost(value: string | null): string | null {
  const trimmed = value?.replace(/\/+$/, '') ?? '';
  return trimmed === '' ? null : trimmed;
}
