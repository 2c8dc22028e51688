import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const NUL = '\u0000';

export const invalidCharacters = () =>
  badRequest('invalid_characters', 'The request contains a NUL character (U+0000), which no text may hold');

/** True when a string, or any key or string inside an object or array, holds U+0000. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes(NUL)) return true;
    } else if (next !== null && typeof next === 'object' && !ArrayBuffer.isView(next)) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes(NUL)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL refuses U+0000 in text, so a NUL that reached a query would fail as a 500 on one
 * database and be stored on the other. Refusing it here, before validation and every handler, gives
 * both databases the same 400. Multipart uploads are read by their handlers and check their own text.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) throw invalidCharacters();
  });
}
