import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from './errors';

const NUL = '\u0000';
/** A high surrogate without a low one after it, or a low one without a high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type BadCharacter = 'nul' | 'surrogate';

const messages: Record<BadCharacter, string> = {
  nul: 'The request contains a NUL character (U+0000), which no text may hold',
  surrogate: 'The request contains a lone UTF-16 surrogate (\\uD800 to \\uDFFF without its pair), which is not text',
};

export const invalidCharacters = (kind: BadCharacter = 'nul') => badRequest('invalid_characters', messages[kind]);

/** True when `test` holds for a string, or for any key or string inside an object or array. */
function someText(value: unknown, test: (text: string) => boolean): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (test(next)) return true;
    } else if (next !== null && typeof next === 'object' && !ArrayBuffer.isView(next)) {
      for (const [key, inner] of Object.entries(next)) {
        if (test(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** True when a string, or any key or string inside an object or array, holds U+0000. */
export function containsNul(value: unknown): boolean {
  return someText(value, (text) => text.includes(NUL));
}

/** True when a string, or any key or string inside an object or array, holds half a surrogate pair. */
export function containsLoneSurrogate(value: unknown): boolean {
  return someText(value, (text) => LONE_SURROGATE.test(text));
}

function badCharacterIn(value: unknown): BadCharacter | null {
  if (containsNul(value)) return 'nul';
  return containsLoneSurrogate(value) ? 'surrogate' : null;
}

/**
 * PostgreSQL refuses U+0000 in text, so a NUL that reached a query would fail as a 500 on one
 * database and be stored on the other. A lone surrogate (JSON's "\ud800") is no text either: SQLite
 * keeps its UTF-8 replacement bytes and PostgreSQL one replacement character, so the same input
 * would read back differently. Refusing both here, before validation and every handler, gives both
 * databases the same 400. Multipart uploads are read by their handlers and check their own text.
 *
 * An address with an empty segment (`/a//b`) names nothing: 404 before any route or the web app's
 * fallback could read it as another address.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0];
    if (path.includes('//')) throw notFound(`Nothing is at ${path.slice(0, 200)}`);
  });
  app.addHook('preValidation', async (request) => {
    const bad = badCharacterIn(request.params) ?? badCharacterIn(request.query) ?? badCharacterIn(request.body);
    if (bad) throw invalidCharacters(bad);
  });
}
