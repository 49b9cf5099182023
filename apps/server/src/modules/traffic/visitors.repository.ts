// Visitors: a visitor's first touch, and a visitor linked to its member.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trafficMembers, trafficVisits } from '../../db/schema/index.ts';
import { type FirstTouch } from './traffic-rows.ts';

export function createVisitorsRepository(db: Executor) {
  return {
    /** A visitor's first visit, as the source its member's events are attributed to (traffic_visits_visitor_idx). */
    async findFirstTouch(visitorId: string, tx: Executor = db): Promise<(FirstTouch & { siteId: number }) | undefined> {
      const [row] = await tx
        .select({
          visitorId: trafficVisits.visitorId,
          siteId: trafficVisits.siteId,
          network: trafficVisits.network,
          ref: trafficVisits.ref,
          sub1: trafficVisits.sub1,
          sub2: trafficVisits.sub2,
          sub3: trafficVisits.sub3,
          campaign: trafficVisits.utmCampaign,
          lander: trafficVisits.lander,
          variant: trafficVisits.variant,
          memberId: trafficVisits.landingMemberId,
          clickId: trafficVisits.clickId,
        })
        .from(trafficVisits)
        .where(eq(trafficVisits.visitorId, visitorId))
        .orderBy(asc(trafficVisits.id))
        .limit(1);
      return row;
    },

    /** The member signed up as this visitor (once: a second account from one browser keeps its own link). */
    async linkVisitor(visitorId: string, userId: number, at: Date, tx: Executor = db): Promise<void> {
      await tx.insert(trafficMembers).values({ userId, visitorId, createdAt: at }).onConflictDoNothing();
    },
  };
}
