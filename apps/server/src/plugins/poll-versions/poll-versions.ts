// The versions polled answers are tagged with (likes.php, chats.php), kept per instance and invalidated through the
// event bus, so a poll that finds nothing new is answered from memory (docs/member-view.md, "a conditional GET answered from memory").
import { LRUCache } from 'lru-cache';
import { createInvalidationLog } from '../../lib/invalidation-log.ts';
import type { EventBus } from '../bus/index.ts';

/** What a member polls: each has its own version. */
export type PollKind = 'likes' | 'chats';

export type PollVersions = {
  /**
   * The version of what `kind` shows the profile: from memory when this instance holds it for the current
   * `window` and the bus is live, else from `load` (stored unless a change raced with it). The window bounds what
   * a writer that announces nothing (a cascade of a deleted account) can leave stale: the next window reloads.
   */
  read(kind: PollKind, profileId: number, window: number, load: () => Promise<string>): Promise<string>;
  /**
   * Call after a change of what these profiles' `kinds` show committed: this instance drops its copies at once,
   * every other one when the bus delivers (`poll.changed`).
   */
  changed(kinds: readonly PollKind[], profileIds: readonly number[]): Promise<void>;
  /** The outbox's delivery of `poll.changed` (plugins/outbox): a failure leaves the event to the sweeper. */
  deliver(kinds: readonly PollKind[], profileIds: readonly number[]): Promise<void>;
};

export function createPollVersions(deps: {
  bus: Pick<EventBus, 'publish' | 'subscribe' | 'isLive' | 'onResync'>;
  /** Versions kept in memory; 0 reads every poll's version from the database. */
  cacheSize: number;
  onError: (error: unknown, context: string) => void;
}): PollVersions & { close(): void } {
  const cache = new LRUCache<string, { window: number; version: string }>({ max: Math.max(1, deps.cacheSize) });
  const invalidations = createInvalidationLog<string>();
  const keyOf = (kind: PollKind, profileId: number) => `${kind}:${profileId}`;

  function invalidate(kinds: readonly PollKind[], profileIds: readonly number[]) {
    for (const kind of kinds) {
      for (const profileId of profileIds) {
        const key = keyOf(kind, profileId);
        invalidations.mark(key);
        cache.delete(key);
      }
    }
  }

  const unsubscribe = [
    deps.bus.subscribe('poll.changed', ({ kinds, profileIds }) => invalidate(kinds, profileIds)),
    // Events may have been missed while the subscription was down: nothing in memory can be trusted.
    deps.bus.onResync(() => cache.clear()),
  ];

  /** This instance drops its copies at once, every other one when the bus delivers; throws when publishing failed. */
  async function deliver(kinds: readonly PollKind[], profileIds: readonly number[]) {
    if (!kinds.length || !profileIds.length) return;
    invalidate(kinds, profileIds);
    await deps.bus.publish('poll.changed', { kinds: [...kinds], profileIds: [...new Set(profileIds)] });
  }

  return {
    async read(kind, profileId, window, load) {
      const key = keyOf(kind, profileId);
      // Live before the load and after it: a gap in between may have lost the change that made this version old.
      const isCaching = deps.cacheSize > 0 && deps.bus.isLive();
      const cached = isCaching ? cache.get(key) : undefined;
      if (cached?.window === window) return cached.version;
      const position = invalidations.position();
      const version = await load();
      if (isCaching && deps.bus.isLive() && !invalidations.changedSince(position, key))
        cache.set(key, { window, version });
      return version;
    },
    async changed(kinds, profileIds) {
      // The change has committed: a failed publication must not fail the request; the window bounds what it leaves.
      await deliver(kinds, profileIds).catch((error: unknown) => deps.onError(error, 'publishing poll.changed'));
    },
    deliver,
    close() {
      for (const stop of unsubscribe) stop();
      cache.clear();
    },
  };
}
