// Conditional GET for polled answers: an entity tag from a cheap version of what the answer shows, and the
// If-None-Match check, so a poll that finds nothing new is answered 304 before the answer is built.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A weak entity tag for the given parts (any JSON): equal parts, equal tag. */
export function entityTag(parts: unknown[]): string {
  return `W/"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27)}"`;
}

/** Whether the request's If-None-Match names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/**
 * Sets the tag and the caching rules of a private polled answer (the browser keeps it and asks every time);
 * answers true when the caller should end with 304 because the client holds this version already.
 */
export function isNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Cookie');
  return matchesIfNoneMatch(request, etag);
}
