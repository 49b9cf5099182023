// `app.bus`: Redis pub/sub when the app has a Redis connection, in-process otherwise.
import fp from 'fastify-plugin';
import { createInProcessBus, createRedisBus, type EventBus } from './bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
  }
}

export const busPlugin = fp(
  async (app) => {
    const onError = (err: unknown, context: string) => app.log.error({ err }, context);
    const bus = app.redis
      ? await createRedisBus({
          redis: app.redis,
          keyPrefix: app.redisKeyPrefix,
          onError,
          // The metrics plugin registers later; events arrive once the app runs.
          onLag: (seconds) => {
            if (app.hasDecorator('metrics')) app.metrics.busLag.observe(seconds);
          },
        })
      : createInProcessBus({ onError });
    app.decorate('bus', bus);
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'bus', dependencies: ['redis'] },
);
