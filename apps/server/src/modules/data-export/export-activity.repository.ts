// What a member's export holds of their activity: messages sent, likes given, profile visits made, visits, orders, the credit ledger.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  creditLedger,
  likes,
  messages,
  orders,
  profileVisits,
  trafficMembers,
  trafficVisits,
  profiles,
} from '../../db/schema/index.ts';

export function createExportActivityRepository(db: Executor) {
  return {
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

    /** The member's own visits of other members' profiles (who viewed me, docs/visitors.md), oldest first. */
    profileVisitsMade(profileId: number, tx: Executor = db) {
      return tx
        .select({ profileId: profileVisits.visitedProfileId, name: profiles.name, visitedAt: profileVisits.visitedAt })
        .from(profileVisits)
        .innerJoin(profiles, eq(profiles.id, profileVisits.visitedProfileId))
        .where(eq(profileVisits.visitorProfileId, profileId))
        .orderBy(asc(profileVisits.visitedAt));
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
  };
}
