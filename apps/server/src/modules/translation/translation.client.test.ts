import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseTranslation } from '../../config';
import { requestTranslation, TranslationUnavailable } from './translation.client';

// Issue 33 item 9: the operator's settings, and DeepL's request shape (LibreTranslate's is exercised
// through the API in translation.test.ts).

describe('translation settings (item 9)', () => {
  it('item 9: reads LibreTranslate and DeepL settings and refuses incomplete ones at start', () => {
    expect(parseTranslation({})).toBeUndefined();
    expect(parseTranslation({ TRANSLATE_PROVIDER: 'LibreTranslate', TRANSLATE_URL: 'http://10.0.0.5:5000' })).toEqual({ provider: 'libretranslate', url: 'http://10.0.0.5:5000' });
    expect(parseTranslation({ TRANSLATE_PROVIDER: 'deepl', TRANSLATE_API_KEY: 'k:fx' })).toEqual({ provider: 'deepl', apiKey: 'k:fx' });
    expect(() => parseTranslation({ TRANSLATE_PROVIDER: 'libretranslate' })).toThrow(/TRANSLATE_URL/);
    expect(() => parseTranslation({ TRANSLATE_PROVIDER: 'deepl' })).toThrow(/TRANSLATE_API_KEY/);
    expect(() => parseTranslation({ TRANSLATE_PROVIDER: 'google' })).toThrow(/libretranslate or deepl/);
    expect(() => parseTranslation({ TRANSLATE_PROVIDER: 'libretranslate', TRANSLATE_URL: 'file:///etc/passwd' })).toThrow(/http or https/);
  });
});

describe('DeepL requests (item 9)', () => {
  it('item 9: sends both texts with the key in the Authorization header and HTML tag handling, and reads the answer in order', async () => {
    const seen: { url?: string; headers?: IncomingHttpHeaders; body?: unknown } = {};
    let status = 200;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        Object.assign(seen, { url: request.url, headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) });
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ translations: [{ text: 'Museum' }, { text: '<p>Friday</p>' }] }));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const texts = await requestTranslation({ provider: 'deepl', apiKey: 'secret:fx', url }, { from: 'es', to: 'pt', texts: ['Museo', '<p>Viernes</p>'] });
      expect(texts).toEqual(['Museum', '<p>Friday</p>']);
      expect(seen.url).toBe('/v2/translate');
      expect(seen.headers?.authorization).toBe('DeepL-Auth-Key secret:fx');
      expect(seen.body).toEqual({ text: ['Museo', '<p>Viernes</p>'], source_lang: 'ES', target_lang: 'PT-BR', tag_handling: 'html' });
      status = 456;
      await expect(requestTranslation({ provider: 'deepl', apiKey: 'secret', url }, { from: 'es', to: 'en', texts: ['a', 'b'] })).rejects.toBeInstanceOf(TranslationUnavailable);
    } finally {
      server.close();
    }
  });
});
