// Unknown /api paths answer 404 JSON, never the HTML app.
import { notFound } from './http-errors.ts';

export async function routeNotFound(): Promise<never> {
  throw notFound('route_not_found');
}
