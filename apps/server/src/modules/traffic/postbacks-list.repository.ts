// The postbacks as staff list them.
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trafficEvents, trafficNetworks, trafficPostbacks, type PostbackStatus } from '../../db/schema/index.ts';

export function createPostbacksListRepository(db: Executor) {
  return {
    /** The delivery log, newest first, keyset by id. traffic_postbacks_status_idx with a status, the primary key without. */
    async listPostbacks(
      query: { status?: PostbackStatus; networkId?: number; before?: number; limit: number; ids?: number[] },
      tx: Executor = db,
    ) {
      return tx
        .select({
          id: trafficPostbacks.id,
          networkId: trafficPostbacks.networkId,
          networkName: trafficNetworks.name,
          kind: trafficEvents.kind,
          isFirst: trafficEvents.isFirst,
          orderId: trafficEvents.orderId,
          userId: trafficEvents.userId,
          url: trafficPostbacks.url,
          status: trafficPostbacks.status,
          attempts: trafficPostbacks.attempts,
          lastStatusCode: trafficPostbacks.lastStatusCode,
          lastError: trafficPostbacks.lastError,
          createdAt: trafficPostbacks.createdAt,
          lastAttemptAt: trafficPostbacks.lastAttemptAt,
          sentAt: trafficPostbacks.sentAt,
        })
        .from(trafficPostbacks)
        .innerJoin(trafficNetworks, eq(trafficNetworks.id, trafficPostbacks.networkId))
        .innerJoin(trafficEvents, eq(trafficEvents.id, trafficPostbacks.eventId))
        .where(
          and(
            query.status ? eq(trafficPostbacks.status, query.status) : undefined,
            query.networkId ? eq(trafficPostbacks.networkId, query.networkId) : undefined,
            query.before ? lt(trafficPostbacks.id, query.before) : undefined,
            query.ids ? inArray(trafficPostbacks.id, query.ids) : undefined,
          ),
        )
        .orderBy(desc(trafficPostbacks.id))
        .limit(query.limit);
    },
  };
}
