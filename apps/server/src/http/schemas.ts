import { ZApiError } from '@patio/core';
import { z } from 'zod';

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

/** MIME types of the files Patio answers, for `fileAnswer`. */
export const mime = {
  text: 'text/plain',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ics: 'text/calendar',
  pdf: 'application/pdf',
  png: 'image/png',
  html: 'text/html',
  anyImage: 'image/*',
  any: '*/*',
} as const;

const textTypes = new Set<string>([mime.text, mime.csv, mime.ics, mime.html]);

/**
 * An answer that is a file, not JSON: `200: fileAnswer('The members', mime.csv, mime.xlsx)`. Fastify
 * sends strings, buffers and streams of another Content-Type as they are, so this only documents them.
 */
export function fileAnswer(description: string, ...types: string[]) {
  return {
    description,
    content: Object.fromEntries(
      // z.any(): the handler sends a string, a Buffer or a stream; the document says what a client receives.
      types.map((type) => [type, { schema: z.any().meta(textTypes.has(type) ? { type: 'string' } : { type: 'string', format: 'binary' }) }]),
    ),
  };
}

/** A file field of a multipart body (`documentedBody`), in the document only. */
export const fileField = (description: string) => z.string().meta({ format: 'binary', description });

/** The multipart/form-data body of an upload, for the schema's `documentedBody`. */
export function uploadBody(fields: Record<string, z.ZodType>) {
  return { 'multipart/form-data': z.object(fields) };
}
