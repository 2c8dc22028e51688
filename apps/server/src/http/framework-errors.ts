import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Errors Fastify answers before any route runs (bad %-escapes in the path, overlong path params) and
 * errors Node answers before Fastify sees a request (oversized headers, garbled HTTP): both keep the
 * `{error, message}` shape of every other answer (DESIGN "Errors").
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return reply.code(414).send({ error: 'uri_too_long', message: 'A part of the address is too long' });
    }
    if (error.code === 'FST_ERR_BAD_URL') {
      return reply.code(400).send({ error: 'invalid_url', message: 'The address has a malformed %-escape' });
    }
    return reply.code(400).send({ error: 'bad_request', message: 'The request could not be routed' });
  },
  clientErrorHandler: answerClientError,
};

/** What Node's HTTP parser refused, as status and `{error, message}`. */
function clientErrorAnswer(code: string | undefined): [status: number, body: { error: string; message: string }] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, { error: 'headers_too_large', message: 'The request headers are too large' }];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, { error: 'request_timeout', message: 'The request took too long to arrive' }];
  return [400, { error: 'bad_request', message: 'The request is not valid HTTP' }];
}

function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] = clientErrorAnswer(err.code);
  if (socket.writable) socket.write(rawAnswer(status, body));
  socket.destroy(err);
}

function rawAnswer(status: number, body: { error: string; message: string }): string {
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`
  );
}

/**
 * Answers on a socket outside any request's reply (a request cut short, a connection refused) and
 * closes it. The client gets a moment to read the answer: closing at once, with its bytes still
 * unread here, would reset the connection and could lose the answer on the way.
 */
export function writeRawAnswer(socket: Socket, status: number, body: { error: string; message: string }): void {
  if (socket.destroyed) return;
  if (socket.writable) socket.end(rawAnswer(status, body));
  setTimeout(() => socket.destroy(), 1000).unref();
}
