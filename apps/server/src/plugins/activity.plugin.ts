// Member activity for the search relevance order: profiles.last_active_day, written at most once per member and UTC day.
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records that the member used the site today (UTC); cheap to call on every request. */
    markActive: (userId: number) => Promise<void>;
  }
}

/** The members this instance already marked today are remembered up to this many (then the memory starts over). */
const REMEMBERED_MEMBERS = 100_000;

/** The UTC calendar day (YYYY-MM-DD), as `utcDay` of modules/profiles/relevance.ts. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Every request made with a live member session (after `requireMember` / `optionalMember`) counts as
 * activity, and so does a login (the accounts routes call `markActive`; docs/search-relevance.md). The first one of a UTC day moves the member's day bucket with one
 * conditional UPDATE; later ones are answered from memory, so the table is written once a day per member
 * (per instance at most, and the `<` in the UPDATE makes further instances write nothing).
 */
export const activityPlugin = fp<{
  /**
   * Moves the member's day bucket forward (profiles owns `profiles`; a plugin imports no module, so app.ts hands in
   * modules/profiles' `markActiveDay`).
   */
  markActiveDay: (executor: Executor, userId: number, day: string) => Promise<void>;
}>(
  async (app, { markActiveDay }) => {
    let day = '';
    const marked = new Set<number>();
    /** Whether the member is marked for today already (starts a new day's memory when the day turned). */
    function isMarked(userId: number): boolean {
      const today = utcDay(app.clock.now());
      if (today !== day || marked.size >= REMEMBERED_MEMBERS) {
        day = today;
        marked.clear();
      }
      return marked.has(userId);
    }

    app.decorate('markActive', async (userId: number) => {
      if (isMarked(userId)) return;
      await markActiveDay(app.db, userId, day);
      marked.add(userId);
    });

    // A callback hook: nearly every request is answered from memory, without the promise an async hook costs.
    app.addHook('preHandler', (request, _reply, done) => {
      const userId = request.member?.user.id;
      if (userId === undefined || isMarked(userId)) return done();
      // Activity is bookkeeping: a failure is logged and never fails the member's request.
      app.markActive(userId).then(
        () => done(),
        (error: unknown) => {
          request.log.error({ err: error }, 'marking activity failed');
          done();
        },
      );
    });
  },
  { name: 'activity', dependencies: ['db', 'jobs', 'session'] },
);
