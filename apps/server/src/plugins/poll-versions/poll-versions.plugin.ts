// `app.pollVersions`: the versions of likes.php and chats.php per member, kept fresh by the event bus.
import fp from 'fastify-plugin';
import { createPollVersions, type PollVersions } from './poll-versions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pollVersions: PollVersions;
  }
}

export const pollVersionsPlugin = fp<{ cacheSize: number }>(
  async (app, { cacheSize }) => {
    const versions = createPollVersions({
      bus: app.bus,
      cacheSize,
      onError: (err, context) => app.log.error({ err }, context),
    });
    app.decorate('pollVersions', versions);
    // Recorded in a transaction through `app.outbox` (effects.emit), delivered after its commit.
    const stop = app.outbox.onDelivery('poll.changed', ({ kinds, profileIds }) => versions.deliver(kinds, profileIds));
    app.addHook('onClose', async () => {
      stop();
      versions.close();
    });
  },
  { name: 'poll-versions', dependencies: ['bus', 'outbox'] },
);
