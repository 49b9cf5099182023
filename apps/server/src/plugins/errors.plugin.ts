// Renders every error, and every unknown API path, in the one JSON error shape, translated.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError, FieldError } from '@app/contracts';
import { AppError, type ErrorParams } from '../lib/http-errors.ts';
import { hasTranslation } from '../lib/i18n.ts';

function translate(request: FastifyRequest, code: string, params?: ErrorParams): string {
  const key = `errors:${code}`;
  return request.t(hasTranslation(key, params) ? key : 'errors:error_generic', params);
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  params?: ErrorParams,
  fields?: Omit<FieldError, 'message'>[],
) {
  const body: ApiError = {
    error: {
      status,
      code,
      message: translate(request, code, params),
      ...(params ? { params } : {}),
      ...(fields ? { fields: fields.map((field) => ({ ...field, message: translate(request, field.code, field.params) })) } : {}),
    },
    ...(code === 'authentication_required' ? { authentication_required: true as const } : {}),
  };
  // Says which language `message` is in (it falls back to English where a translation is missing).
  reply.header('content-language', request.language);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return sendError(request, reply, error.statusCode, error.code, error.params, error.fields);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = error.validation.map((issue) => {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          // Shared schemas carry an error code as their message; anything else is a generic invalid value.
          const message = issue.message ?? '';
          const code = /^[a-z_]+$/.test(message) && hasTranslation(`errors:${message}`) ? message : 'invalid_value';
          return { path, code };
        });
        return sendError(request, reply, 400, 'validation_failed', undefined, fields);
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(request, reply, 413, 'payload_too_large');
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(request, reply, 415, 'unsupported_media_type');
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
        return sendError(request, reply, error.statusCode, error.statusCode === 404 ? 'not_found' : 'bad_request');
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(request, reply, 500, 'error_generic');
    });

    app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'route_not_found'));
  },
  { name: 'errors', dependencies: ['locale'] },
);
