// The generic error codes and the one status each belongs to (DESIGN "Errors"). An area may answer a
// more precise code (`already_answered`, `provider_not_configured`), but a generic code always comes
// with its own status: never a 404 `bad_request` nor a 400 `not_found`.

export const statusOfCode: Readonly<Record<string, number>> = {
  bad_request: 400,
  invalid_request: 400,
  invalid_json: 400,
  invalid_characters: 400,
  invalid_url: 400,
  invalid_encoding: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  request_timeout: 408,
  conflict: 409,
  gone: 410,
  length_required: 411,
  precondition_failed: 412,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  too_many_requests: 429,
  headers_too_large: 431,
  internal: 500,
  too_many_connections: 503,
};

const codeOfStatus = new Map<number, string>([
  [400, 'bad_request'],
  [401, 'unauthorized'],
  [403, 'forbidden'],
  [404, 'not_found'],
  [405, 'method_not_allowed'],
  [406, 'not_acceptable'],
  [408, 'request_timeout'],
  [409, 'conflict'],
  [410, 'gone'],
  [411, 'length_required'],
  [412, 'precondition_failed'],
  [413, 'payload_too_large'],
  [414, 'uri_too_long'],
  [415, 'unsupported_media_type'],
  [416, 'range_not_satisfiable'],
  [429, 'too_many_requests'],
  [431, 'headers_too_large'],
]);

/** The generic code of a 4xx status (`bad_request` for one without its own). */
export function codeForStatus(status: number): string {
  return codeOfStatus.get(status) ?? 'bad_request';
}

/** Why an answer's status and error code disagree, or null when they agree. */
export function disagreement(status: number, code: unknown): string | null {
  if (status < 400) return null;
  if (typeof code !== 'string' || code === '') return `a ${status} answer without an error code`;
  const expected = statusOfCode[code];
  if (expected !== undefined && expected !== status) return `a ${status} answer with the code ${code}, which belongs to ${expected}`;
  return null;
}
