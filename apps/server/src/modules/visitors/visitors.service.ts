// Who viewed me (docs/visitors.md): a member page's visit is announced through the outbox and recorded by its consumer,
// off the page's request path; GET /api/visitors.php answers the count and, for premium members, the list.
import { LRUCache } from 'lru-cache';
import { VISITORS_PAGE_SIZE, VISITS_KEPT_DAYS, type VisitorItem, type VisitorsResponse } from '@app/contracts';
import type { CursorCodec } from '../../lib/cursors.ts';
import type { Outbox, OutboxEvents } from '../../plugins/outbox/index.ts';
import type { Executor } from '../../db/client.ts';
import { toProfileCard, type SiteView, type Viewer } from '../member-core/index.ts';
import type { VisitorRow, VisitorsRepository } from './visitors.repository.ts';

const DAY_MS = 86_400_000;
/** Visits an instance remembers having announced today: a member reopening a page announces nothing again. */
const ANNOUNCED_MAX = 50_000;

/** The moment before which visits are neither counted nor kept. */
export const visitsSince = (now: Date) => new Date(now.getTime() - VISITS_KEPT_DAYS * DAY_MS);

function toItem(row: VisitorRow, site: SiteView, now: Date): VisitorItem {
  return { ...toProfileCard(row, site, now), visited_at: row.visitedAt };
}

export function createVisitorsService(deps: {
  visitorsRepository: VisitorsRepository;
  outbox: Pick<Outbox, 'transaction'>;
  cursors: CursorCodec;
  now: () => Date;
  log?: { warn: (object: unknown, message: string) => void };
}) {
  const repo = deps.visitorsRepository;
  const announced = new LRUCache<string, true>({ max: ANNOUNCED_MAX });

  return {
    /**
     * The viewer opened `visitedProfileId`'s page: announces the visit (outbox `profile.visited`) at most once per
     * instance, pair and UTC day; the consumer decides whether it is recorded. Never fails the page.
     */
    async announceVisit(viewer: Pick<Viewer, 'profileId'>, visitedProfileId: number): Promise<void> {
      if (viewer.profileId === visitedProfileId) return;
      const now = deps.now();
      const key = `${viewer.profileId}:${visitedProfileId}:${now.toISOString().slice(0, 10)}`;
      if (announced.has(key)) return;
      announced.set(key, true);
      try {
        await deps.outbox.transaction(async (_tx, effects) => {
          await effects.emit('profile.visited', {
            visitorProfileId: viewer.profileId,
            visitedProfileId,
            visitedAt: now.toISOString(),
          });
        });
      } catch (error) {
        announced.delete(key);
        deps.log?.warn({ err: error }, 'visit not announced');
      }
    },

    /** The outbox consumer: records the visit in the acknowledging transaction (idempotent: once per day and pair). */
    async recordVisit(event: OutboxEvents['profile.visited'], tx: Executor): Promise<boolean> {
      const visitedAt = new Date(event.visitedAt);
      // An event delivered after the retention window is not worth a row the next job deletes.
      if (visitedAt <= visitsSince(deps.now())) return false;
      return repo.record({ ...event, visitedAt }, tx);
    },

    /** GET /api/visitors.php: the count, and for premium members one page of visitors. */
    async getVisitors(
      viewer: Pick<Viewer, 'profileId' | 'siteId' | 'isPremium'>,
      site: SiteView,
      cursor?: string,
    ): Promise<VisitorsResponse> {
      const now = deps.now();
      const since = visitsSince(now);
      const after = cursor ? (deps.cursors.decode('visitors', cursor, 'tn') as [string, number]) : null;
      const count = await repo.countVisitors(viewer.siteId, viewer.profileId, since);
      // Free members get the count only: no visitor's id, name or photo leaves the server.
      if (!viewer.isPremium) return { count, visitors: [], is_locked: true, next_cursor: null };
      const rows = await repo.pageVisitors(viewer.siteId, viewer.profileId, since, after, VISITORS_PAGE_SIZE + 1);
      const page = rows.slice(0, VISITORS_PAGE_SIZE);
      const last = page.at(-1);
      const nextCursor =
        rows.length > VISITORS_PAGE_SIZE && last ? deps.cursors.encode('visitors', [last.sortAt, last.id]) : null;
      return { count, visitors: page.map((row) => toItem(row, site, now)), is_locked: false, next_cursor: nextCursor };
    },

    /** The retention job: deletes visits older than VISITS_KEPT_DAYS days; answers how many. */
    deleteExpired(now: Date): Promise<number> {
      return repo.deleteBefore(visitsSince(now));
    },
  };
}
export type VisitorsService = ReturnType<typeof createVisitorsService>;

/** Records `profile.visited` events once each, in the outbox's acknowledging transaction. */
export function consumeVisitEvents(
  outbox: Pick<Outbox, 'consume'>,
  visitors: Pick<VisitorsService, 'recordVisit'>,
): () => void {
  return outbox.consume('profile.visited', async (event, { tx }) => {
    await visitors.recordVisit(event, tx);
  });
}
