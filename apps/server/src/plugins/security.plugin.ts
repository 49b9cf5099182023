// Security headers, and the CSRF guard: state-changing requests must carry `Request-Type: client`.
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { forbidden } from '../lib/http-errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on the rare route a browser reaches without custom headers (navigator.sendBeacon). */
    csrf?: boolean;
  }
}

export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          // Added per request below, only over HTTPS: on a plain-HTTP address other than localhost (a LAN IP,
          // a test domain) it would send every script and stylesheet to https:// and leave a blank page.
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol !== 'https') return;
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', `${policy};upgrade-insecure-requests`);
    });

    // A cross-site form or image cannot set a custom header, and a cross-site fetch that sets one
    // needs a CORS preflight this server never grants: the header proves the request came from our client.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (request.routeOptions.config?.csrf === false) return;
      if (request.headers['request-type'] !== 'client') throw forbidden('csrf_rejected');
    });
  },
  { name: 'security' },
);
