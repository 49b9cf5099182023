// One log line per request only where it says something: a server error, a slow answer, or a sample (LOG_SAMPLE_RATE);
// at LOG_LEVEL debug or trace every request. Fastify's own two lines per request (received, completed) are off: they
// cost 1.55 times the work of a cached `user.php` and 1.65 times a 304 poll (issue 27), on every request.
import fp from 'fastify-plugin';
import { serializeRequestForLog } from '../lib/credentials.ts';

export type RequestLogOptions = {
  /** An answer taking at least this many milliseconds is logged (warn). */
  slowMs: number;
  /** The share of other requests logged (info), 0 to 1. */
  sampleRate: number;
  /** Replaceable for tests. */
  random?: () => number;
};

export const requestLogPlugin = fp<RequestLogOptions>(
  async (app, { slowMs, sampleRate, random = Math.random }) => {
    const logsEverything = () => app.log.level === 'debug' || app.log.level === 'trace';
    app.addHook('onResponse', async (request, reply) => {
      const ms = reply.elapsedTime;
      const status = reply.statusCode;
      const isError = status >= 500;
      const isSlow = ms >= slowMs;
      const level = isError ? 'error' : isSlow ? 'warn' : 'info';
      // Cheap first: most requests stop here without building a line.
      if (level === 'info' && !logsEverything() && !(sampleRate > 0 && random() < sampleRate)) return;
      request.log[level](
        {
          req: serializeRequestForLog(request),
          res: { statusCode: status },
          responseTime: Math.round(ms * 10) / 10,
          route: request.routeOptions.url,
        },
        isError ? 'request failed' : isSlow ? 'slow request' : 'request completed',
      );
    });
  },
  { name: 'request-log' },
);
