// Unknown /api paths answer 404 JSON, never the HTML app.
import type { RouteShorthandOptions } from 'fastify';
import { notFound } from './http-errors.ts';

export async function rejectUnknownRoute(): Promise<never> {
  throw notFound('route_not_found');
}

/**
 * Options of the `/api/*` catch-all route. It answers in onRequest, before the body is read, so any
 * method, content type or body size gets the same 404; and without the CSRF check, since nothing happens.
 */
export const routeNotFoundOptions = {
  schema: { hide: true },
  config: { csrf: false },
  onRequest: rejectUnknownRoute,
} satisfies RouteShorthandOptions;
