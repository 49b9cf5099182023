// What the console's route files share: the OpenAPI tag, the error answers, a route's options, the audit actor and
// the staff member of a request, and sending a stored file to staff.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts';
import { notFound } from '../../lib/http-errors.ts';
import { contentTypeOf } from '../../plugins/storage/index.ts';
import type { AuditActor } from './audit.repository.ts';

export const TAGS = ['admin'];
export const photoFileSchema = z.unknown().meta({ type: 'string', format: 'binary', description: 'image/jpeg' });
export type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * A console route's options: the tag, its summary and inputs (params, querystring, body), and its answer beside the
 * console's error answers.
 */
export const staffRoute = <S extends { summary: string; params?: unknown; querystring?: unknown; body?: unknown }, R>(
  schema: S,
  answer: R,
) => ({ schema: { tags: TAGS, ...schema, response: { 200: answer, ...errors } } });

export const actorOf = (request: FastifyRequest): AuditActor => ({
  id: request.staff!.id,
  email: request.staff!.email,
  ip: request.ip,
});
export const staffOf = (request: FastifyRequest) => ({
  id: request.staff!.id,
  email: request.staff!.email,
  name: request.staff!.name,
  role: request.staff!.role,
});

/** One console area: its routes behind the one staff check (ADMIN_ROUTE_ROLES), in their own encapsulated scope. */
export function staffArea(app: FastifyInstance): void {
  app.addHook('preValidation', app.authorizeStaff);
}

/** A stored file for staff; `isKept: false` (a verification selfie, deleted with the decision) is never cached. */
export async function sendStaffFile(app: FastifyInstance, reply: FastifyReply, key: string, isKept = true) {
  const file = await app.storage.read(key);
  if (!file) throw notFound();
  reply.header('cache-control', isKept ? 'private, max-age=300' : 'no-store').type(contentTypeOf(key));
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.body);
}
