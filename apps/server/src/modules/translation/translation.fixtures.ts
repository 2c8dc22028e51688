import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A server on 127.0.0.1 that speaks LibreTranslate's HTTP API (POST /translate with q, source, target,
// format, api_key; `translatedText` back, a string or an array like q) for the translation tests. It
// "translates" by writing the target language before every text, records each request, and can fail,
// answer slowly or answer HTML with scripts on demand.

export interface LibreCall {
  q: string | string[];
  source: string;
  target: string;
  format: string;
  api_key?: string;
}

export interface FakeLibreTranslate {
  /** http://127.0.0.1:{port} */
  base: string;
  calls: LibreCall[];
  /** `ok`; `fail`: 500 with LibreTranslate's error body; `hostile`: scripts and handlers in the answer. */
  mode: 'ok' | 'fail' | 'hostile';
  /** Milliseconds before answering (lets parallel requests overlap). */
  delayMs: number;
  close(): Promise<void>;
}

/** "[de] " before each text of an HTML fragment: enough to tell a translation from its source. */
export function fakeTranslate(html: string, target: string): string {
  if (!html.includes('<')) return `[${target}] ${html}`;
  return html.replace(/>([^<]+)</g, (_m, text: string) => `>[${target}] ${text}<`);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeLibreTranslate(): Promise<FakeLibreTranslate> {
  const state = { calls: [] as LibreCall[], mode: 'ok' as FakeLibreTranslate['mode'], delayMs: 0 };
  const server = createServer((request, response) => {
    void (async () => {
      const send = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.method !== 'POST' || request.url !== '/translate') return send(404, { error: 'Not Found' });
      const body = (await readJson(request)) as LibreCall;
      state.calls.push(body);
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.mode === 'fail') return send(500, { error: 'Cannot translate text: model not loaded' });
      const one = (text: string) =>
        state.mode === 'hostile' ? `${fakeTranslate(text, body.target)}<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>` : fakeTranslate(text, body.target);
      send(200, { translatedText: Array.isArray(body.q) ? body.q.map(one) : one(body.q) });
    })().catch(() => response.writeHead(400).end());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    get calls() {
      return state.calls;
    },
    get mode() {
      return state.mode;
    },
    set mode(value) {
      state.mode = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value) {
      state.delayMs = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
