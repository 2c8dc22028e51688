import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { queueSocketMessages } from '../test/socket-messages';
import { acceptsConnections } from '../test/loopback-ports';

// The deploy/ files as tests use them: a Caddyfile derived from deploy/Caddyfile and an nginx site
// derived from deploy/nginx.conf.example (only addresses, ports, certificate and log paths change),
// Debian's caddy and nginx started on them in folders of their own, and an HTTPS client that trusts
// that proxy's certificate alone and speaks from a chosen loopback address (127.0.0.2, 127.0.0.3…),
// so the server can tell two clients of the proxy apart.

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const deployFile = (name: string) => join(repoRoot, 'deploy', name);

/** Where Debian puts caddy (apt-get install caddy); CADDY_PATH for another. */
export const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
/** Where Debian puts nginx (apt-get install nginx); NGINX_PATH for another. */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Debian's openssl, which makes the nginx test's certificate (a dependency of postgresql, so there in CI). */
export const OPENSSL = process.env.OPENSSL_PATH ?? '/usr/bin/openssl';
/** CI (.ci/run sets PATIO_REQUIRE_E2E) must run the proxy journeys: a missing proxy fails there instead of skipping. */
export const proxyRequired = Boolean(process.env.PATIO_REQUIRE_E2E || process.env.CI);

/** A proxy in front of Patio, started by a test. */
export interface RunningProxy {
  /** The certificate (PEM) the test clients trust, and no other: caddy's local CA, nginx's self-signed one. */
  ca: string;
  output(): string;
  /** The proxy's access log, when it writes one (nginx). */
  accessLog?(): string;
  stop(): Promise<void>;
}

/** The site address and upstream of deploy/Caddyfile that a test replaces; anything else stays as deployed. */
const DEPLOYED_SITE = 'patio.example.org {';
const DEPLOYED_UPSTREAM = 'reverse_proxy 127.0.0.1:8080 {';

/**
 * deploy/Caddyfile with its site on https://127.0.0.1:`port` under caddy's local CA (`tls internal`)
 * instead of the school's domain under Let's Encrypt, proxying to Patio on `upstreamPort`. The global
 * block gains what a test needs: no admin endpoint, no http redirect listener, no change to the
 * system's trust store. Throws when deploy/Caddyfile no longer has the lines it replaces.
 */
export function caddyfileForTest(deployed: string, ports: { https: number; http: number; upstream: number }): string {
  const lines = deployed.split('\n');
  const once = (line: string) => {
    const found = lines.flatMap((text, index) => (text.trim() === line ? [index] : []));
    if (found.length !== 1) throw new Error(`deploy/Caddyfile should have the line "${line}" once, has it ${found.length} times`);
    return found[0];
  };
  const globals = once('{');
  lines[globals] = ['{', '\tadmin off', '\tauto_https disable_redirects', '\tskip_install_trust', `\thttp_port ${ports.http}`, `\thttps_port ${ports.https}`].join('\n');
  const site = once(DEPLOYED_SITE);
  lines[site] = `https://127.0.0.1:${ports.https} {\n\ttls internal`;
  const upstream = once(DEPLOYED_UPSTREAM);
  lines[upstream] = lines[upstream].replace('127.0.0.1:8080', `127.0.0.1:${ports.upstream}`);
  return lines.join('\n');
}

/** Starts caddy on `caddyfile` with every folder of its own under `home`; resolves once it serves TLS on `httpsPort`. */
export async function startCaddy(caddyfile: string, home: string, httpsPort: number): Promise<RunningProxy> {
  for (const dir of ['data', 'config']) mkdirSync(join(home, dir), { recursive: true });
  const config = join(home, 'Caddyfile');
  writeFileSync(config, caddyfile);
  const rootCert = join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  return startProxy(
    'caddy',
    spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
      env: { PATH: process.env.PATH ?? '', HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    httpsPort,
    // caddy makes its local CA as it starts.
    () => (existsSync(rootCert) ? readFileSync(rootCert, 'utf8') : null),
  );
}

/**
 * deploy/nginx.conf.example listening on 127.0.0.1 (`http`, `https`) with a certificate made for
 * 127.0.0.1 instead of certbot's, its access log under `home`, proxying to Patio on `upstream`.
 * Throws when the example no longer has the lines it replaces.
 */
export function nginxSiteForTest(deployed: string, home: string, ports: { https: number; http: number; upstream: number }): string {
  const replacements: [string, string][] = [
    ['server 127.0.0.1:8080;', `server 127.0.0.1:${ports.upstream};`],
    ['listen 80;', `listen 127.0.0.1:${ports.http};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['ssl_certificate /etc/letsencrypt/live/patio.example.org/fullchain.pem;', `ssl_certificate ${join(home, 'cert.pem')};`],
    ['ssl_certificate_key /etc/letsencrypt/live/patio.example.org/privkey.pem;', `ssl_certificate_key ${join(home, 'key.pem')};`],
    ['access_log /var/log/nginx/patio.access.log patio;', `access_log ${join(home, 'patio.access.log')} patio;`],
  ];
  const lines = deployed.split('\n');
  for (const [line, replacement] of replacements) {
    const found = lines.flatMap((text, index) => (text.trim() === line ? [index] : []));
    if (found.length !== 1) throw new Error(`deploy/nginx.conf.example should have the line "${line}" once, has it ${found.length} times`);
    lines[found[0]] = lines[found[0]].replace(line, replacement);
  }
  return lines.join('\n');
}

/**
 * The main configuration nginx runs `site` in, as Debian's /etc/nginx/nginx.conf includes a site
 * (gzip on, its MIME types), with its pid, logs and temporary files under `home`.
 */
export function nginxMainForTest(site: string, home: string): string {
  const path = join(home, 'site.conf');
  writeFileSync(path, site);
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `\t${kind}_temp_path ${join(home, `${kind}-temp`)};`);
  return [
    `pid ${join(home, 'nginx.pid')};`,
    `error_log ${join(home, 'error.log')} notice;`,
    'events {',
    '\tworker_connections 768;',
    '}',
    'http {',
    '\tsendfile on;',
    '\tinclude /etc/nginx/mime.types;',
    '\tdefault_type application/octet-stream;',
    `\taccess_log ${join(home, 'access.log')};`,
    // Debian's nginx.conf has it on: the site must turn it off itself.
    '\tgzip on;',
    ...temporary,
    `\tinclude ${path};`,
    '}',
    '',
  ].join('\n');
}

/** A self-signed certificate for the IP address 127.0.0.1 (cert.pem, key.pem under `home`), made by openssl. */
export function makeLoopbackCertificate(home: string): void {
  const made = spawnSync(
    OPENSSL,
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(home, 'key.pem'), '-out', join(home, 'cert.pem')],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
}

/** Starts nginx on `main` (nginxMainForTest) in the foreground; resolves once it serves TLS on `httpsPort`. */
export async function startNginx(main: string, home: string, httpsPort: number): Promise<RunningProxy> {
  const config = join(home, 'nginx.conf');
  writeFileSync(config, main);
  const ca = readFileSync(join(home, 'cert.pem'), 'utf8');
  const running = await startProxy(
    'nginx',
    spawn(NGINX, ['-c', config, '-p', home, '-e', join(home, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] }),
    httpsPort,
    () => ca,
    () => (existsSync(join(home, 'error.log')) ? readFileSync(join(home, 'error.log'), 'utf8') : ''),
  );
  const accessLog = join(home, 'patio.access.log');
  return { ...running, accessLog: () => (existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : '') };
}

/** Waits until `child` serves TLS on `httpsPort` with a certificate `caOf` gives; kills it on failure. */
async function startProxy(name: string, child: ChildProcess, httpsPort: number, caOf: () => string | null, logOf: () => string = () => ''): Promise<RunningProxy> {
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const outputOf = () => output + logOf();
  // A test run that dies leaves no proxy behind.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => process.off('exit', killChild));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };

  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${outputOf()}`);
      const ca = caOf();
      // The certificate may come just after the listener opens: wait for a handshake that succeeds.
      if (ca && (await acceptsConnections(httpsPort)) && (await handshakes(httpsPort, ca))) return { ca, output: outputOf, stop };
      if (Date.now() > deadline) throw new Error(`${name} did not serve https on 127.0.0.1:${httpsPort} within 30 s:\n${outputOf()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (err) {
    await stop();
    throw err;
  }
}

function handshakes(port: number, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path: '/', method: 'HEAD', ca, agent: false }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One client of the proxy: it trusts `ca` only and connects from `from` (a 127.x.y.z address). */
export interface ProxyClient {
  request(method: string, path: string, options?: { headers?: Record<string, string>; body?: Buffer | string | Readable; length?: number }): Promise<ProxyAnswer>;
  /** The answer's bytes are streamed to `sink` instead of being kept (large downloads). */
  stream(path: string, headers: Record<string, string>, sink: (chunk: Buffer) => void): Promise<Omit<ProxyAnswer, 'body'>>;
  websocket(path: string): WebSocket;
}

export function proxyClient(port: number, ca: string, from: string): ProxyClient {
  const send = (method: string, path: string, headers: Record<string, string>, body: Buffer | string | Readable | undefined, length: number | undefined, sink?: (chunk: Buffer) => void) =>
    new Promise<ProxyAnswer>((resolve, reject) => {
      const sized = length ?? (body === undefined || typeof (body as Readable).pipe === 'function' ? undefined : Buffer.byteLength(body as Buffer | string));
      const req = httpsRequest(
        { host: '127.0.0.1', port, path, method, ca, localAddress: from, agent: false, headers: { ...headers, ...(sized === undefined ? {} : { 'content-length': String(sized) }) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => (sink ? sink(chunk) : chunks.push(chunk)));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (body === undefined) req.end();
      else if (typeof (body as Readable).pipe === 'function') (body as Readable).pipe(req);
      else req.end(body);
    });
  return {
    request: (method, path, options = {}) => send(method, path, options.headers ?? {}, options.body, options.length),
    stream: (path, headers, sink) => send('GET', path, headers, undefined, undefined, sink),
    websocket: (path) => new WebSocket(`wss://127.0.0.1:${port}${path}`, { ca, localAddress: from }),
  };
}

/** HTTP Basic credentials of a username and password. */
export const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** The messages of a WebSocket through the proxy, each taken once, and its opening. */
export function messagesOf(socket: WebSocket): { next(ms?: number): Promise<Record<string, unknown>>; opened: Promise<void> } {
  const { next } = queueSocketMessages(socket, 10_000);
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused with ${response.statusCode}`)));
  });
  return { opened, next: (ms) => next(ms) as Promise<Record<string, unknown>> };
}
