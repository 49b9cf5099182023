// The member view: one prepared query from a cookie's token hash to everything a request needs about its member
// (session, account, profile summary, credits, main photo, push), and a per-instance cache of it that the event
// bus keeps fresh on every instance (docs/member-view.md).
import { and, eq, gt, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { createInvalidationLog } from '../../lib/invalidation-log.ts';
import {
  creditBalances,
  memberRisk,
  photos,
  profiles,
  pushSubscriptions,
  sessions,
  users,
} from '../../db/schema/index.ts';
import type { BanReason } from '@app/contracts';
import type { BusEvents, EventBus } from '../bus/index.ts';
import { RENEW_AFTER_MS, SESSION_MS } from './sessions.store.ts';
/** Upper bound on how long a cached view lives even when no event arrives: a safety net, not the freshness rule. */
export const MEMBER_VIEW_TTL_MS = 30_000;

function prepareViewQuery(db: Database) {
  return db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        siteId: users.siteId,
        email: users.email,
        status: users.status,
        language: users.language,
        paidUser: users.paidUser,
        signupStep: users.signupStep,
        notificationsDisabled: users.notificationsDisabled,
        createdAt: users.createdAt,
      },
      profile: {
        id: profiles.id,
        name: profiles.name,
        country: profiles.country,
        region: profiles.region,
        city: profiles.city,
        status: profiles.status,
        gender: profiles.gender,
        sexuality: profiles.sexuality,
        showMe: profiles.showMe,
        dateOfBirth: profiles.dateOfBirth,
      },
      credits: sql<number>`coalesce(${creditBalances.balance}, 0)`.mapWith(Number),
      /** The balance row's version: a `member.credits` patch with a newer one replaces `credits` in place. */
      creditsVersion: sql<number>`coalesce(${creditBalances.version}, 0)`.mapWith(Number),
      isPushSubscribed:
        sql<boolean>`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${users.id})`.mapWith(
          Boolean,
        ),
      mainPhoto: { fileKey: photos.fileKey, thumbKey: photos.thumbKey },
      /** Safety's hold (docs/safety.md, "Risk"): the member's sends to partners who never answered wait for review. */
      isRiskHeld:
        sql<boolean>`exists (select 1 from ${memberRisk} where ${memberRisk.userId} = ${users.id} and ${memberRisk.isHeld})`.mapWith(
          Boolean,
        ),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(creditBalances, eq(creditBalances.userId, users.id))
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), sql`${photos.isMain}`))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('member_view_by_token');
}

/** Everything a request knows about its logged-in member; what `GET /api/user.php` answers from. */
export type MemberView = NonNullable<Awaited<ReturnType<ReturnType<typeof prepareViewQuery>['execute']>>[number]>;
/** The account part of the view: no password hash, no login counters, no tracking data. */
export type MemberAccount = MemberView['user'];

/** Announces changes to a member's view, on this instance at once and through the bus on every other. */
export type MemberEvents = {
  /** Call after the change committed: credits, premium, profile, photos, language, status, push... */
  changed(userId: number): Promise<void>;
  /**
   * Call after sessions were deleted: no instance answers for them from memory any longer. `banReason` when staff
   * banned or suspended the member: their open tabs are sent to the ban page at once.
   */
  revoked(userId: number, options?: { banReason?: BanReason }): Promise<void>;
  /**
   * Call after a change of the member's balance committed, with the balance and its row's version: every instance
   * takes it into the member's cached views instead of dropping them (a chat send, docs/member-view.md).
   */
  creditsChanged(userId: number, balance: number, version: number): Promise<void>;
};

/**
 * The views this instance keeps, by session token, with the tokens of each member: a member's views dropped at once
 * (`invalidate`), a newer balance taken into them (`patchCredits`); `invalidations` tells a read that raced a change.
 */
function createViewCache(cacheSize: number | undefined) {
  const tokensOfUser = new Map<number, Set<string>>();
  const cache = new LRUCache<string, MemberView>({
    max: Math.max(1, cacheSize ?? 20_000),
    ttl: MEMBER_VIEW_TTL_MS,
    dispose: (view, tokenHash) => {
      const tokens = tokensOfUser.get(view.user.id);
      tokens?.delete(tokenHash);
      if (tokens?.size === 0) tokensOfUser.delete(view.user.id);
    },
  });
  const invalidations = createInvalidationLog<number>();

  function invalidate(userId: number) {
    invalidations.mark(userId);
    for (const tokenHash of [...(tokensOfUser.get(userId) ?? [])]) cache.delete(tokenHash);
  }

  function remember(tokenHash: string, view: MemberView) {
    cache.set(tokenHash, view);
    let tokens = tokensOfUser.get(view.user.id);
    if (!tokens) tokensOfUser.set(view.user.id, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  /** Takes a newer balance into the member's cached views; a view being read meanwhile is not kept (it may be older). */
  function patchCredits({ userId, balance, version }: BusEvents['member.credits']) {
    invalidations.mark(userId);
    for (const tokenHash of tokensOfUser.get(userId) ?? []) {
      const view = cache.get(tokenHash, { updateAgeOnGet: false });
      if (view && view.creditsVersion < version)
        cache.set(
          tokenHash,
          { ...view, credits: balance, creditsVersion: version },
          { noUpdateTTL: true, noDisposeOnSet: true },
        );
    }
  }

  return { cache, invalidations, invalidate, remember, patchCredits };
}

/** The member events: this instance's copies dropped (or patched) at once, every other instance told through the bus. */
function createMemberEvents(
  deps: { bus: Pick<EventBus, 'publish'>; onError: (error: unknown, context: string) => void },
  deliver: (
    topic: 'member.changed' | 'session.revoked',
    payload: BusEvents['member.changed' | 'session.revoked'],
  ) => Promise<void>,
  patchCredits: (event: BusEvents['member.credits']) => void,
): MemberEvents {
  async function announce<T extends 'member.changed' | 'session.revoked'>(topic: T, payload: BusEvents[T]) {
    // The change has committed: a failed publication must not fail the request; the TTL bounds what it leaves.
    await deliver(topic, payload).catch((error: unknown) => deps.onError(error, `publishing ${topic}`));
  }

  const events: MemberEvents = {
    changed: (userId) => announce('member.changed', { userId }),
    async creditsChanged(userId, balance, version) {
      patchCredits({ userId, balance, version });
      await deps.bus
        .publish('member.credits', { userId, balance, version })
        .catch((error: unknown) => deps.onError(error, 'publishing member.credits'));
    },
    revoked: (userId, options = {}) =>
      announce('session.revoked', options.banReason ? { userId, banReason: options.banReason } : { userId }),
  };
  return events;
}

export function createMemberViews(deps: {
  db: Database;
  bus: EventBus;
  /** Views kept in memory (default 20,000); 0 reads every request's view from the database. */
  cacheSize?: number;
  now: () => Date;
  onError: (error: unknown, context: string) => void;
}) {
  const query = prepareViewQuery(deps.db);
  const isCaching = deps.cacheSize !== 0;
  const { cache, invalidations, invalidate, remember, patchCredits } = createViewCache(deps.cacheSize);

  async function load(tokenHash: string, now: Date): Promise<MemberView | undefined> {
    const position = invalidations.position();
    const [view] = await query.execute({ tokenHash, now: now.toISOString() });
    if (view && isCaching && deps.bus.isLive() && !invalidations.changedSince(position, view.user.id))
      remember(tokenHash, view);
    return view;
  }

  const unsubscribe = [
    deps.bus.subscribe('member.changed', ({ userId }) => invalidate(userId)),
    deps.bus.subscribe('member.credits', patchCredits),
    deps.bus.subscribe('session.revoked', ({ userId }) => invalidate(userId)),
    // Events may have been missed while the subscription was down: nothing in memory can be trusted.
    deps.bus.onResync(() => cache.clear()),
  ];

  /** This instance drops its copy at once, every other one when the bus delivers; throws when publishing failed. */
  async function deliver<T extends 'member.changed' | 'session.revoked'>(topic: T, payload: BusEvents[T]) {
    invalidate(payload.userId);
    await deps.bus.publish(topic, payload);
  }

  const events = createMemberEvents(deps, deliver, patchCredits);

  return {
    events,
    /** The outbox's delivery of `member.changed` and `session.revoked` (plugins/outbox): a failure leaves the event to the sweeper. */
    deliver,
    /**
     * The member view of a live session, from memory when this instance holds a fresh copy; renews a session
     * seen again after a day (`isRenewed`: send the cookie again).
     */
    async resolve(
      tokenHash: string,
      options: { fresh?: boolean } = {},
    ): Promise<{ view: MemberView; isRenewed: boolean } | undefined> {
      const now = deps.now();
      const cached = options.fresh || !deps.bus.isLive() ? undefined : cache.get(tokenHash);
      const view = cached && cached.expiresAt > now ? cached : await load(tokenHash, now);
      if (!view) return undefined;
      if (now.getTime() - view.lastSeenAt.getTime() < RENEW_AFTER_MS) return { view, isRenewed: false };
      const expiresAt = new Date(now.getTime() + SESSION_MS);
      await deps.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, view.sessionId));
      const renewed = { ...view, lastSeenAt: now, expiresAt };
      if (cache.has(tokenHash)) remember(tokenHash, renewed);
      return { view: renewed, isRenewed: true };
    },
    /** How many views this instance holds (tests, diagnostics). */
    size: () => cache.size,
    close() {
      for (const stop of unsubscribe) stop();
      cache.clear();
    },
  };
}
export type MemberViews = ReturnType<typeof createMemberViews>;
