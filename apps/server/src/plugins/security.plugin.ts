// Security headers, the CSRF guard (state-changing requests must carry `Request-Type: client`), and only storable text
// (no NUL, no lone surrogate) in input.
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { textErrorOf, type TextErrorCode } from '@app/contracts';
import { AppError, forbidden } from '../lib/http-errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Nesting deeper than any body of this API: not walked further (the route's schema refuses such a shape anyway). */
const MAX_INPUT_DEPTH = 20;

/**
 * The first error `check` finds in any string, key or nested value of parsed input (a JSON body, query, route
 * parameters), or null. Parsed records only (plain, null-prototype, or the query parser's empty-prototype objects):
 * a multipart upload's parts, a Buffer or a stream are not parsed text.
 */
function findInStrings<T>(value: unknown, check: (text: string) => T | null, depth = 0): T | null {
  if (typeof value === 'string') return check(value);
  if (depth > MAX_INPUT_DEPTH) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findInStrings(item, check, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (
    value &&
    typeof value === 'object' &&
    !ArrayBuffer.isView(value) &&
    typeof (value as { pipe?: unknown }).pipe !== 'function'
  ) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const found = check(key) ?? findInStrings(item, check, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Whether parsed input holds a NUL character in any string, key or value. PostgreSQL cannot store one in text, so
 * it would otherwise surface as a 500 from the database.
 */
export function hasNulCharacter(value: unknown): boolean {
  return findInStrings(value, (text) => (text.includes('\u0000') ? true : null)) === true;
}

/** Why parsed input cannot be taken as text (a NUL, a lone surrogate: textErrorOf), or null when it can. */
export function findTextError(value: unknown): TextErrorCode | null {
  return findInStrings(value, textErrorOf);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on the rare route a browser reaches without custom headers (navigator.sendBeacon). */
    csrf?: boolean;
  }
}

/**
 * The headers helmet sets, computed once: with no per-request directive (no nonce) they are the same for every
 * response, and @fastify/helmet rebuilt helmet's whole middleware chain for each request (13 % of a cached
 * `user.php`'s CPU; docs/member-view.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export const securityPlugin = fp(
  async (app) => {
    const overHttp = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          // Added below, only over HTTPS: on a plain-HTTP address other than localhost (a LAN IP, a test
          // domain) it would send every script and stylesheet to https:// and leave a blank page.
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    const overHttps = {
      ...overHttp,
      'content-security-policy': `${overHttp['content-security-policy']};upgrade-insecure-requests`,
    };

    // Callback hooks, not async ones: every request passes here, and an async hook costs a promise and a tick.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.protocol === 'https' ? overHttps : overHttp);
      // A cross-site form or image cannot set a custom header, and a cross-site fetch that sets one needs a
      // CORS preflight this server never grants: the header proves the request came from our client.
      const isCsrfChecked = !SAFE_METHODS.has(request.method) && request.routeOptions.config?.csrf !== false;
      done(isCsrfChecked && request.headers['request-type'] !== 'client' ? forbidden('csrf_rejected') : undefined);
    });

    // One check for every route, before any schema or handler sees the input (docs/input.md): new routes and fields
    // are covered without remembering it. NUL is named first, wherever it is, since it has its own message.
    app.addHook('preValidation', (request, _reply, done) => {
      const inputs = [request.query, request.params, request.body];
      let code = findTextError(inputs);
      // One walk for clean input; a second only to name a NUL found after a lone surrogate.
      if (code === 'invalid_text' && hasNulCharacter(inputs)) code = 'nul_character';
      done(code ? new AppError(400, code) : undefined);
    });
  },
  { name: 'security' },
);
