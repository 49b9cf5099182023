// Renders every error, and every unknown API path, in the one JSON error shape, translated: whatever fails (a
// schema, a body parser, a multipart stream, a hook, a database refusing a value), the client gets this shape.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DEFAULT_LOCALE, type UiLanguage } from '@app/i18n';
import type { ApiError, FieldError } from '@app/contracts';
import { AppError, type ErrorParams } from '../lib/http-errors.ts';
import { getTranslator, hasTranslation } from '../lib/i18n.ts';
import { inputDataErrorCode } from '../lib/db-errors.ts';
import { languageOfRequest } from './locale.plugin.ts';
import { normalizeHost } from './site/index.ts';

/**
 * The request's language (plugins/locale.plugin.ts). A request Fastify refused before routing has no decorators: the
 * same rules read its parts (`knowLanguageOf`). English when even that fails.
 */
function languageOf(request: FastifyRequest): UiLanguage {
  try {
    return request.language ?? languageOfRequest(request);
  } catch {
    return DEFAULT_LOCALE;
  }
}

function translate(language: UiLanguage, code: string, params?: ErrorParams): string {
  const key = `errors:${code}`;
  return getTranslator(language)(hasTranslation(key, params) ? key : 'errors:error_generic', params);
}

/** The error body, as the JSON string that is sent. */
function errorBody(
  language: UiLanguage,
  status: number,
  code: string,
  params?: ErrorParams,
  fields?: Omit<FieldError, 'message'>[],
): string {
  const body: ApiError = {
    error: {
      status,
      code,
      message: translate(language, code, params),
      ...(params ? { params } : {}),
      ...(fields
        ? { fields: fields.map((field) => ({ ...field, message: translate(language, field.code, field.params) })) }
        : {}),
    },
    ...(code === 'authentication_required' ? { authentication_required: true as const } : {}),
  };
  return JSON.stringify(body);
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  params?: ErrorParams,
  fields?: Omit<FieldError, 'message'>[],
) {
  const language = languageOf(request);
  // Says which language `message` is in (it falls back to English where a translation is missing).
  reply.header('content-language', language);
  // Sent as a string: a route's response schema for this status (an HTML page's 400, a schema without this status)
  // never serializes an error, so it cannot turn a 4xx into a 500 (FST_ERR_RESPONSE_SERIALIZATION).
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(language, status, code, params, fields));
}

/** Codes of the statuses a framework or plugin error may carry; any other 4xx is a bad request. */
const STATUS_CODES: Record<number, string> = {
  401: 'authentication_required',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  414: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** A multipart stream's parser (busboy) throws plain errors (no code, no status): "Multipart: Boundary not found"... */
function isMultipartParserError(error: Error): boolean {
  const firstFrame = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '));
  return !!firstFrame && /[\\/]@fastify[\\/]busboy[\\/]/.test(firstFrame);
}

/** The status and code an error answers with: every failure a request's input causes is a 4xx, the rest 500. */
export function classifyError(error: FastifyError): {
  status: number;
  code: string;
  params?: ErrorParams;
  fields?: Omit<FieldError, 'message'>[];
} {
  if (error instanceof AppError)
    return { status: error.statusCode, code: error.code, params: error.params, fields: error.fields };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      // Shared schemas carry an error code as their message; anything else is a generic invalid value.
      const message = issue.message ?? '';
      const code = /^[a-z_]+$/.test(message) && hasTranslation(`errors:${message}`) ? message : 'invalid_value';
      return { path, code };
    });
    return { status: 400, code: 'validation_failed', fields };
  }
  // Another validator's failure (a plugin's own schema): the request's values, not the server.
  if (Array.isArray((error as { validation?: unknown }).validation)) return { status: 400, code: 'validation_failed' };
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, code: 'payload_too_large' };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 415, code: 'unsupported_media_type' };
  // A form that is not multipart where multipart is expected, a JSON part that is not JSON (@fastify/multipart says 406).
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || error.code === 'FST_INVALID_JSON_FIELD_ERROR')
    return { status: 400, code: 'bad_request' };
  if (isMultipartParserError(error)) return { status: 400, code: 'bad_request' };
  const dataError = inputDataErrorCode(error);
  if (dataError) return { status: 400, code: dataError };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
    return { status: error.statusCode, code: STATUS_CODES[error.statusCode] ?? 'bad_request' };
  }
  return { status: 500, code: 'error_generic' };
}

/**
 * Errors Fastify answers before any route or hook runs (a URL that is not valid percent-encoding, a path parameter
 * over maxParamLength): the `frameworkErrors` option of the Fastify instance, else Fastify writes its own body.
 */
export async function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, code } = classifyError(error);
  await knowLanguageOf(request);
  return sendError(request, reply, status === 500 ? 400 : status, status === 500 ? 'bad_request' : code);
}

/**
 * A request refused before routing ran no hook: its cookies were not parsed and its site not found, and both decide
 * its language (SPEC section 1: the cookie, else the site's domain_language). Without a site it is answered in the
 * cookie's language, else English.
 */
async function knowLanguageOf(request: FastifyRequest): Promise<void> {
  try {
    const { server } = request;
    request.cookies = server.parseCookie(request.headers.cookie ?? '');
    if (!request.site && 'sites' in server) request.site = await server.sites.resolve(normalizeHost(request.hostname));
  } catch {
    // The database did not answer: the cookie decides, else English.
  }
}

/**
 * A request Node's HTTP parser refuses (malformed headers, a header over the size limit): Fastify's
 * `clientErrorHandler`, whose default writes Fastify's own body. The connection is closed after the answer.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (!socket.writable) return socket.destroy(error);
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = errorBody(DEFAULT_LOCALE, status, 'bad_request');
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Language: ${DEFAULT_LOCALE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Written straight to the socket when even rendering an error fails, so Fastify's default body is never sent. */
function sendLastResort(reply: FastifyReply) {
  const raw: ServerResponse<IncomingMessage> = reply.raw;
  reply.hijack();
  if (raw.headersSent) return raw.destroy();
  const body = '{"error":{"status":500,"code":"error_generic","message":"An error occurred, please try again later."}}';
  raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  raw.end(body);
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      try {
        const { status, code, params, fields } = classifyError(error);
        if (status >= 500) request.log.error({ err: error }, 'unhandled error');
        // A database refusing a request's value means a contract lacks a bound: worth a warning, not a 500.
        else if (inputDataErrorCode(error)) request.log.warn({ err: error }, 'input refused by the database');
        return sendError(request, reply, status, code, params, fields);
      } catch (renderError) {
        request.log.error({ err: renderError, cause: error }, 'error rendering an error');
        sendLastResort(reply);
        return reply;
      }
    });

    app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'route_not_found'));
  },
  { name: 'errors', dependencies: ['locale'] },
);
