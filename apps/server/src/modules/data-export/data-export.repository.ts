// Drizzle queries of GDPR exports: the requests themselves and everything a member's export holds. Every read of
// member data goes by an indexed column (user id, profile id, sender profile id).
import { and, asc, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  creditLedger,
  dataExports,
  likes,
  messages,
  notificationSettings,
  orders,
  trafficMembers,
  trafficVisits,
  photos,
  profiles,
  sites,
  users,
  type DataExportRow,
} from '../../db/schema/index.ts';

export function createDataExportRepository(db: Executor) {
  return {
    /** Serialises one member's export requests until the transaction ends. */
    async lockUser(userId: number, tx: Executor): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`data-export:${userId}`}, 0))`);
    },

    async latestFor(userId: number, tx: Executor = db): Promise<DataExportRow | undefined> {
      const [row] = await tx
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, userId))
        .orderBy(desc(dataExports.createdAt))
        .limit(1);
      return row;
    },

    async insert(userId: number, now: Date, tx: Executor = db): Promise<DataExportRow> {
      const [row] = await tx.insert(dataExports).values({ userId, createdAt: now }).returning();
      return row!;
    },

    async find(id: number, tx: Executor = db): Promise<DataExportRow | undefined> {
      const [row] = await tx.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
      return row;
    },

    async markReady(
      id: number,
      values: { fileKey: string; size: number; readyAt: Date; expiresAt: Date },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(dataExports)
        .set({ status: 'ready', ...values })
        .where(eq(dataExports.id, id));
    },

    async markFailed(id: number, tx: Executor = db): Promise<void> {
      await tx.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id));
    },

    /** Exports whose time is up and whose file still exists (the expiry job), oldest first. */
    async listExpired(now: Date, limit: number, tx: Executor = db): Promise<{ id: number; fileKey: string | null }[]> {
      return tx
        .select({ id: dataExports.id, fileKey: dataExports.fileKey })
        .from(dataExports)
        .where(and(isNotNull(dataExports.fileKey), lt(dataExports.expiresAt, now)))
        .orderBy(asc(dataExports.expiresAt))
        .limit(limit);
    },

    async markExpired(id: number, tx: Executor = db): Promise<void> {
      await tx.update(dataExports).set({ status: 'expired', fileKey: null }).where(eq(dataExports.id, id));
    },

    // -- The member's data --------------------------------------------------------------------------------------

    async account(userId: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: users.id,
          email: users.email,
          status: users.status,
          language: users.language,
          paidUser: users.paidUser,
          createdAt: users.createdAt,
          activatedAt: users.activatedAt,
          passwordChangedAt: users.passwordChangedAt,
          notificationsDisabled: users.notificationsDisabled,
          site: {
            id: sites.id,
            name: sites.name,
            mailName: sites.mailName,
            domain: sites.domain,
            isDefault: sites.isDefault,
          },
        })
        .from(users)
        .innerJoin(sites, eq(sites.id, users.siteId))
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    async profile(userId: number, tx: Executor = db) {
      const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
      return row;
    },

    photos(profileId: number, tx: Executor = db) {
      return tx.select().from(photos).where(eq(photos.profileId, profileId)).orderBy(asc(photos.id));
    },

    messagesSent(profileId: number, tx: Executor = db) {
      return tx
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          kind: messages.kind,
          body: messages.body,
          gift: messages.giftKey,
          photoKey: messages.photoKey,
          cost: messages.cost,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(eq(messages.senderProfileId, profileId))
        .orderBy(asc(messages.id));
    },

    likesGiven(profileId: number, tx: Executor = db) {
      return tx
        .select({ profileId: likes.targetProfileId, name: profiles.name, createdAt: likes.createdAt })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.targetProfileId))
        .where(eq(likes.profileId, profileId))
        .orderBy(asc(likes.createdAt));
    },

    /** The member's first-touch records and their visits (paid traffic, docs/traffic.md), oldest first. */
    visits(userId: number, tx: Executor = db) {
      return tx
        .select({
          visitor_id: trafficVisits.visitorId,
          at: trafficVisits.createdAt,
          path: trafficVisits.path,
          network: trafficVisits.network,
          ref: trafficVisits.ref,
          sub1: trafficVisits.sub1,
          sub2: trafficVisits.sub2,
          sub3: trafficVisits.sub3,
          utm_source: trafficVisits.utmSource,
          utm_medium: trafficVisits.utmMedium,
          utm_campaign: trafficVisits.utmCampaign,
          utm_content: trafficVisits.utmContent,
          utm_term: trafficVisits.utmTerm,
          click_id: trafficVisits.clickId,
          click_kind: trafficVisits.clickKind,
          lander: trafficVisits.lander,
          variant: trafficVisits.variant,
          landing_member_id: trafficVisits.landingMemberId,
          referrer_host: trafficVisits.referrerHost,
          country: trafficVisits.country,
        })
        .from(trafficMembers)
        .innerJoin(trafficVisits, eq(trafficVisits.visitorId, trafficMembers.visitorId))
        .where(eq(trafficMembers.userId, userId))
        .orderBy(asc(trafficVisits.id));
    },
    orders(userId: number, tx: Executor = db) {
      return tx.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
    },

    ledger(userId: number, tx: Executor = db) {
      return tx
        .select({
          id: creditLedger.id,
          amount: creditLedger.amount,
          reason: creditLedger.reason,
          reference: creditLedger.reference,
          createdAt: creditLedger.createdAt,
        })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId))
        .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id));
    },

    async notificationSettings(userId: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          preferences: notificationSettings.preferences,
          marketingConsentAt: notificationSettings.marketingConsentAt,
          updatedAt: notificationSettings.updatedAt,
        })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId))
        .limit(1);
      return row;
    },
  };
}
export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
