/** A non-OK HTTP answer (spec §8): carries the status and the JSON body, or null when the body is not JSON. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, url: string) {
    super(`HTTP ${status} from ${url}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's machine-readable error code (`{error}` of the body), if any. */
  get code(): string | null {
    const body = this.body as { error?: unknown } | null;
    return body && typeof body.error === 'string' ? body.error : null;
  }
}

/** Tells a failed network round-trip (offline, DNS, CORS) from an HTTP error answer. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** 403 and 404 are answers, not hiccups: queries never retry them. */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  return status === 403 || status === 404;
}
