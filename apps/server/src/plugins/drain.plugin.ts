// `app.drain(ms)`: what an instance does on SIGTERM before it closes (server.ts). /healthz answers 503 from then on,
// so the load balancer sends it nothing new, and its member sockets are closed over `ms` as a restart, so they
// reconnect to the other instances a few at a time. Requests in flight are finished by `app.close()` afterwards.
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    drain(durationMs: number): Promise<void>;
    isDraining(): boolean;
  }
}

export const drainPlugin = fp(
  async (app) => {
    let isDraining = false;
    app.decorate('isDraining', () => isDraining);
    app.decorate('drain', async (durationMs: number) => {
      isDraining = true;
      await app.realtime.drain(durationMs);
    });
  },
  { name: 'drain', dependencies: ['realtime'] },
);
