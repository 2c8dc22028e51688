import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import type { FileStorage } from '../../platform/storage/storage';
import type { TestPerson } from '../../test/factories';
import type { TestApp } from '../../test/harness';

// Helpers of the files area's tests: multipart bodies of several files, uploads as a person, the rows
// and bytes an upload leaves, and raw HTTP for what app.inject cannot do (a client that stops half-way,
// a path the URL parser would have normalised).

export interface Part {
  filename: string;
  data: Buffer | string;
  field?: string;
  contentType?: string;
}

/** A multipart/form-data body of several files (and `closed: false` for one whose final boundary never comes). */
export function multipartOf(parts: Part[], options: { closed?: boolean } = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----patio${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  if (options.closed !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST of `parts` to a folder path (without /api/{org}/) as `person` (null: signed out). */
export async function uploadTo(t: TestApp, orgCode: string, person: TestPerson | null, path: string, parts: Part[], headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const { payload, headers: multipart } = multipartOf(parts);
  return t.request({ method: 'POST', url: `/api/${orgCode}/${path}`, token: person ? await t.signIn(person) : undefined, body: payload, headers: { ...multipart, ...headers } });
}

/** The rows of a folder, deleted ones included. */
export async function rowsOf(t: TestApp, orgId: number, folder: string) {
  return t.db.selectFrom('files').selectAll().where('org_id', '=', orgId).where('folder', '=', folder).orderBy('id').execute();
}

/** Records every streamed store of `storage` until `stop()`: its key and how it ended. */
export function watchStores(storage: FileStorage): { calls: { key: string; done: Promise<unknown> }[]; stop(): void } {
  const original = storage.putStream;
  const calls: { key: string; done: Promise<unknown> }[] = [];
  storage.putStream = function (key, source) {
    const done = original.call(this, key, source);
    calls.push({ key, done: done.then(() => 'stored', () => 'failed') });
    return done;
  };
  return { calls, stop: () => void (storage.putStream = original) };
}

/** The port of the app listening on 127.0.0.1 (started once per app). */
const ports = new WeakMap<object, Promise<number>>();
export function listening(t: TestApp): Promise<number> {
  if (!ports.has(t.app)) {
    ports.set(t.app, t.app.listen({ port: 0, host: '127.0.0.1' }).then(() => (t.app.server.address() as { port: number }).port));
  }
  return ports.get(t.app)!;
}

/** Sends `head` and then `body` over a raw socket and answers the status line, or null when the server closed without one. */
export function rawRequest(port: number, head: string, body: Buffer = Buffer.alloc(0)): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => resolve(answer.split('\r\n')[0] || null));
    socket.on('close', () => resolve(answer.split('\r\n')[0] || null));
    socket.on('connect', () => socket.write(Buffer.concat([Buffer.from(head), body])));
    socket.setTimeout(10_000, () => reject(new Error('no answer within 10 s')));
  });
}

/**
 * Starts an upload of `declared` bytes over a raw socket and sends `sent` of them; `cut()` then drops
 * the connection, as a phone losing its network would.
 */
export function startUpload(port: number, path: string, token: string | null, declared: number, sent: Buffer): { cut(): Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}` +
        `Content-Type: multipart/form-data; boundary=cut\r\nContent-Length: ${declared}\r\n\r\n` +
        '--cut\r\nContent-Disposition: form-data; name="file"; filename="first.txt"\r\nContent-Type: text/plain\r\n\r\n',
    );
    socket.write(sent);
  });
  return {
    cut: () => {
      socket.destroy();
      return closed;
    },
  };
}

/** Waits until `condition` holds (at most `ms`). */
export async function eventually(condition: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
