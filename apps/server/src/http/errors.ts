import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { codeForStatus, disagreement, statusOfCode } from './error-codes';

/** An error that becomes `{error, message}` with its status (DESIGN "Errors"). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new HttpError(400, code, message);
export const unauthorized = (code: string, message: string) => new HttpError(401, code, message);
export const forbidden = (code = 'forbidden', message = 'You are not allowed to do this') =>
  new HttpError(403, code, message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);

/** Fastify's own 4xx codes mapped to stable error names. */
const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_TYPE: 'bad_request',
  FST_ERR_CTP_EMPTY_TYPE: 'bad_request',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_FILES_LIMIT: 'payload_too_large',
  FST_PARTS_LIMIT: 'payload_too_large',
  FST_FIELDS_LIMIT: 'payload_too_large',
};

/** Installs the error handler that turns every failure into `{error, message[, details]}`. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).headers(err.headers).send({ error: err.code, message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = err.validationContext ?? 'body';
      const details = err.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context,
        message: issue.message,
      }));
      return reply.code(400).send({
        error: 'invalid_request',
        message: `The request ${context} is not valid: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
        details,
      });
    }
    // decodeURIComponent on a malformed %-escape (a path inside a body, a param): bad input, not ours.
    if ((err as unknown) instanceof URIError) {
      return reply.code(400).send({ error: 'invalid_encoding', message: 'The request has a malformed %-escape' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // A plugin's 404 or 416 keeps its status and says so in its code, whatever the plugin's error is called.
      const mapped = err.code ? fastifyCodes[err.code] : undefined;
      const code = mapped && statusOfCode[mapped] === status ? mapped : codeForStatus(status);
      const message = code === 'invalid_json' ? 'The body is not valid JSON' : err.message;
      return reply.code(status).send({ error: code, message });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
  });
  if (app.hasDecorator('patio') && app.patio.config.validateResponses) installErrorAgreementCheck(app);
}

/**
 * With checked answers (tests), an error answer whose status and code disagree fails loudly as a 500
 * instead of reaching a client that branches on one of them.
 */
function installErrorAgreementCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    let code: unknown;
    try {
      code = (JSON.parse(payload) as { error?: unknown }).error;
    } catch {
      return payload;
    }
    const problem = disagreement(reply.statusCode, code);
    if (!problem) return payload;
    request.log.error({ problem }, 'status and error code disagree');
    reply.code(500);
    return JSON.stringify({ error: 'internal', message: `Status and error code disagree: ${problem}` });
  });
}
