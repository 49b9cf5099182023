// Forgetting: visits whose cookie ended without a signup, and a deleted member's traffic.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trafficEvents, trafficMembers } from '../../db/schema/index.ts';

export function createTrafficForgetRepository(db: Executor) {
  return {
    /**
     * Visits of visitors who never signed up, once their cookie has ended (the site's days, and a day's grace), oldest
     * first, a batch at a time; the day roll-ups keep the counts. Answers how many went.
     */
    async forgetEndedVisits(now: Date, limit: number, tx: Executor = db): Promise<number> {
      const result = (await tx.execute(sql`
        delete from traffic_visits where id in (
          select v.id from traffic_visits v join sites s on s.id = v.site_id
          where v.created_at < ${now.toISOString()}::timestamptz - make_interval(days => s.tracking_cookie_days + 1)
            and not exists (select 1 from traffic_members m where m.visitor_id = v.visitor_id)
          order by v.id
          limit ${limit}
        )`)) as unknown as { rowCount?: number; affectedRows?: number };
      return result.rowCount ?? result.affectedRows ?? 0;
    },

    /**
     * A deleted member: their visitor's visits go; their events stay for the books, without the member, the visitor,
     * the click id or the free sub ids. (The link itself goes with the account.)
     */
    async forgetMember(userId: number, tx: Executor = db): Promise<void> {
      await tx
        .update(trafficEvents)
        .set({ userId: null, visitorId: null, clickId: null, sub2: '', sub3: '' })
        .where(eq(trafficEvents.userId, userId));
      await tx.execute(sql`
        delete from traffic_visits
        where visitor_id in (select visitor_id from traffic_members where user_id = ${userId})`);
      await tx.delete(trafficMembers).where(eq(trafficMembers.userId, userId));
    },
  };
}
