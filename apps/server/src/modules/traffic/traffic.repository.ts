// Paid traffic's queries: networks, visitors and visits (written in batches with their day roll-ups), business events
// and postbacks. Each method takes an optional executor (a caller's transaction).
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  trafficEvents,
  trafficNetworks,
  trafficPostbacks,
  trafficMembers,
  trafficVisits,
  type PostbackStatus,
  type TrafficNetworkRow,
} from '../../db/schema/index.ts';

type NewNetwork = typeof trafficNetworks.$inferInsert;
export type NewVisit = Omit<typeof trafficVisits.$inferInsert, 'id' | 'visitorId'>;
/** A visit as the recorder buffers it: its visitor, whether the visit opened that visitor, and the visit. */
export type BufferedVisit = { visitorId: string; isNewVisitor: boolean; visit: NewVisit };
export type NewEvent = typeof trafficEvents.$inferInsert;

/** The source a business event copies from its member's first touch. */
export type FirstTouch = {
  visitorId: string;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  campaign: string | null;
  lander: string | null;
  variant: string | null;
  memberId: number | null;
  clickId: string | null;
};

/**
 * A visit's key in each grouping of the report, as the report shows it ('' for none); the site as a whole is the
 * grouping '' (its key is the site id column). report.repository.ts groups events by the same keys in SQL.
 */
export function groupKeysOf(visit: NewVisit): [grouping: string, key: string][] {
  return [
    ['', ''],
    ['network', visit.network ?? ''],
    ['ref', visit.ref ?? ''],
    ['sub1', visit.sub1 ?? ''],
    ['campaign', visit.utmCampaign ?? ''],
    ['lander', visit.lander ?? ''],
    ['variant', visit.variant ? `${visit.lander ?? ''}:${visit.variant}` : ''],
    ['member', visit.landingMemberId ? String(visit.landingMemberId) : ''],
  ];
}

export function createTrafficRepository(db: Executor) {
  return {
    // -- networks ------------------------------------------------------------------------------------------------
    async listNetworks(tx: Executor = db): Promise<TrafficNetworkRow[]> {
      return tx.select().from(trafficNetworks).orderBy(asc(trafficNetworks.name), asc(trafficNetworks.id));
    },
    async findNetwork(id: number, tx: Executor = db): Promise<TrafficNetworkRow | undefined> {
      const [row] = await tx.select().from(trafficNetworks).where(eq(trafficNetworks.id, id));
      return row;
    },
    async findNetworkByKey(key: string, tx: Executor = db): Promise<TrafficNetworkRow | undefined> {
      const [row] = await tx.select().from(trafficNetworks).where(eq(trafficNetworks.key, key));
      return row;
    },
    async insertNetwork(values: NewNetwork, tx: Executor = db): Promise<TrafficNetworkRow> {
      const [row] = await tx.insert(trafficNetworks).values(values).returning();
      return row!;
    },
    async updateNetwork(id: number, values: Partial<NewNetwork>, tx: Executor = db) {
      const [row] = await tx.update(trafficNetworks).set(values).where(eq(trafficNetworks.id, id)).returning();
      return row;
    },
    async deleteNetwork(id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(trafficNetworks)
        .where(eq(trafficNetworks.id, id))
        .returning({ id: trafficNetworks.id });
      return rows.length > 0;
    },

    // -- visits --------------------------------------------------------------------------------------------------
    /**
     * A batch of visits in one transaction: the visits, and the day roll-ups (one upsert per key, in key order so
     * concurrent writers never wait on each other in a cycle). Each statement takes its rows as one array per column
     * (unnest): the same few parameters and the same text for any batch, so parsing and planning cost nothing as
     * batches grow (a multi-row VALUES of 23 columns binds thousands of parameters and plans anew for every size).
     */
    async insertVisits(batch: readonly BufferedVisit[]): Promise<void> {
      if (batch.length === 0) return;
      const array = (values: readonly unknown[]) => sql.param(values);
      const column = <K extends keyof NewVisit>(key: K) => array(batch.map(({ visit }) => visit[key] ?? null));
      const daily = new Map<
        string,
        { grouping: string; day: string; siteId: number; key: string; visits: number; visitors: number }
      >();
      for (const { visit, isNewVisitor } of batch)
        for (const [grouping, key] of groupKeysOf(visit)) {
          const name = `${grouping}\n${visit.day}\n${visit.siteId}\n${key}`;
          const row = daily.get(name) ?? {
            grouping,
            day: visit.day,
            siteId: visit.siteId,
            key,
            visits: 0,
            visitors: 0,
          };
          row.visits += 1;
          if (isNewVisitor) row.visitors += 1;
          daily.set(name, row);
        }
      const rows = [...daily.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
      const of = <K extends keyof (typeof rows)[number]>(key: K) => array(rows.map((row) => row[key]));
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into traffic_visits (visitor_id, site_id, day, network, network_id, ref, sub1, sub2, sub3,
            utm_source, utm_medium, utm_campaign, utm_content, utm_term, click_id, click_kind, lander, variant,
            landing_member_id, referrer_host, country, path, created_at)
          select * from unnest(
            ${array(batch.map(({ visitorId }) => visitorId))}::uuid[],
            ${column('siteId')}::int[], ${column('day')}::date[], ${column('network')}::text[],
            ${column('networkId')}::int[], ${column('ref')}::text[], ${column('sub1')}::text[], ${column('sub2')}::text[],
            ${column('sub3')}::text[], ${column('utmSource')}::text[], ${column('utmMedium')}::text[],
            ${column('utmCampaign')}::text[], ${column('utmContent')}::text[], ${column('utmTerm')}::text[],
            ${column('clickId')}::text[], ${column('clickKind')}::text[], ${column('lander')}::text[],
            ${column('variant')}::text[], ${column('landingMemberId')}::int[], ${column('referrerHost')}::text[],
            ${column('country')}::text[], ${column('path')}::text[],
            ${array(batch.map(({ visit }) => visit.createdAt.toISOString()))}::timestamptz[])`);
        await tx.execute(sql`
          insert into traffic_daily (grouping, day, site_id, key, visits, visitors)
          select * from unnest(${of('grouping')}::text[], ${of('day')}::date[], ${of('siteId')}::int[],
            ${of('key')}::text[], ${of('visits')}::int[], ${of('visitors')}::int[])
          on conflict (grouping, day, site_id, key) do update set
            visits = traffic_daily.visits + excluded.visits, visitors = traffic_daily.visitors + excluded.visitors`);
      });
    },

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

    // -- events --------------------------------------------------------------------------------------------------
    /** Writes an event once per cause; answers the new row's id, or null when the cause was recorded before. */
    async insertEvent(values: NewEvent, tx: Executor = db): Promise<number | null> {
      const rows = await tx
        .insert(trafficEvents)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: trafficEvents.id });
      return rows[0]?.id ?? null;
    },
    /** The member's signup event (the source every later event of the member copies). */
    async findSignupEvent(userId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(trafficEvents)
        .where(and(eq(trafficEvents.kind, 'signup'), eq(trafficEvents.causeKey, `user:${userId}`)));
      return row;
    },
    async findPurchaseEvent(orderId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(trafficEvents)
        .where(and(eq(trafficEvents.kind, 'purchase'), eq(trafficEvents.causeKey, `order:${orderId}`)));
      return row;
    },
    async hasPurchase(userId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: trafficEvents.id })
        .from(trafficEvents)
        .where(and(eq(trafficEvents.userId, userId), eq(trafficEvents.kind, 'purchase')))
        .limit(1);
      return Boolean(row);
    },

    // -- postbacks -----------------------------------------------------------------------------------------------
    async insertPostback(values: typeof trafficPostbacks.$inferInsert, tx: Executor = db): Promise<number | null> {
      const rows = await tx
        .insert(trafficPostbacks)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: trafficPostbacks.id });
      return rows[0]?.id ?? null;
    },
    /** A postback with what its sending needs: the network's signature settings. */
    async findPostbackToSend(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: trafficPostbacks.id,
          url: trafficPostbacks.url,
          status: trafficPostbacks.status,
          attempts: trafficPostbacks.attempts,
          createdAt: trafficPostbacks.createdAt,
          signatureHeader: trafficNetworks.signatureHeader,
          signingSecret: trafficNetworks.signingSecret,
        })
        .from(trafficPostbacks)
        .innerJoin(trafficNetworks, eq(trafficNetworks.id, trafficPostbacks.networkId))
        .where(eq(trafficPostbacks.id, id));
      return row;
    },
    async recordAttempt(
      id: number,
      result: { status: PostbackStatus; statusCode: number | null; error: string | null; at: Date },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(trafficPostbacks)
        .set({
          status: result.status,
          attempts: sql`${trafficPostbacks.attempts} + 1`,
          lastStatusCode: result.statusCode,
          lastError: result.error,
          lastAttemptAt: result.at,
          ...(result.status === 'sent' ? { sentAt: result.at } : {}),
        })
        .where(eq(trafficPostbacks.id, id));
    },
    /** Pending again (staff's resend), its 24 hours of retries counted from `at`; answers whether it exists. */
    async resetPostback(id: number, at: Date, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(trafficPostbacks)
        .set({ status: 'pending', createdAt: at })
        .where(eq(trafficPostbacks.id, id))
        .returning({ id: trafficPostbacks.id });
      return rows.length > 0;
    },
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

    // -- a member's data -----------------------------------------------------------------------------------------
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
export type TrafficRepository = ReturnType<typeof createTrafficRepository>;
