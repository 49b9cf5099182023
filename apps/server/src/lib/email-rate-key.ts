// The per-address rate-limit key of a request's body `email` (member login, signup and password reset, staff
// login): trimmed and lower-cased, then hashed, so the counter store holds no addresses.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const emailRateKey = (email: unknown) =>
  createHash('sha256')
    .update(
      String(email ?? '')
        .trim()
        .toLowerCase(),
    )
    .digest('hex')
    .slice(0, 32);

/** The key of the address in the request's body (none counts as the empty address). */
export const bodyEmailKey = (request: FastifyRequest) =>
  emailRateKey((request.body as { email?: unknown } | undefined)?.email);
