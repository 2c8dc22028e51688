import { ZApiError } from '@patio/core';

/** Error answers for the OpenAPI document: `errors(401, 403)` → {401: ZApiError, 403: ZApiError}. */
export function errors<C extends number>(...codes: C[]): Record<C, typeof ZApiError> {
  return Object.fromEntries(codes.map((c) => [c, ZApiError.describe(describe(c))])) as Record<C, typeof ZApiError>;
}

function describe(code: number): string {
  return (
    {
      400: 'Invalid input (details lists the fields)',
      401: 'Not signed in, or the token is invalid or expired',
      403: 'Not allowed, or a token of another school',
      404: 'Not found',
      409: 'Conflict',
      413: 'Too large',
      429: 'Too many attempts; see Retry-After',
    }[code] ?? 'Error'
  );
}
