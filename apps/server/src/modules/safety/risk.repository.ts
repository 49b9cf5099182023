// The one writer of member_risk and message_fingerprints (docs/safety.md, "Risk"), and the reads the signals need.
import { and, desc, eq, gt, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  conversationMembers,
  memberRisk,
  messageFingerprints,
  messages,
  photos,
  photoScreenings,
  profiles,
  reports,
  users,
  type MemberRiskRow,
} from '../../db/schema/index.ts';
import { SIMILAR_TEXT_BITS } from './text-similarity.ts';

/** Photos whose perceptual hashes differ in at most this many of 64 bits are the same photo (docs/safety.md). */
export const SAME_PHOTO_BITS = 10;

export function createRiskRepository(db: Executor) {
  return {
    async findRisk(userId: number, tx: Executor = db): Promise<MemberRiskRow | undefined> {
      const [row] = await tx.select().from(memberRisk).where(eq(memberRisk.userId, userId)).limit(1);
      return row;
    },

    /** The member's risk row, locked for this transaction (created empty when there is none). */
    async lockRisk(userId: number, siteId: number, tx: Executor): Promise<MemberRiskRow> {
      await tx.insert(memberRisk).values({ userId, siteId }).onConflictDoNothing();
      const [row] = await tx.select().from(memberRisk).where(eq(memberRisk.userId, userId)).for('update');
      return row!;
    },

    async saveRisk(
      userId: number,
      values: Pick<MemberRiskRow, 'score' | 'signals' | 'isHeld' | 'updatedAt'> &
        Partial<Pick<MemberRiskRow, 'clearedAt' | 'warnedAt'>>,
      tx: Executor,
    ): Promise<void> {
      await tx.update(memberRisk).set(values).where(eq(memberRisk.userId, userId));
    },

    async addFingerprint(values: typeof messageFingerprints.$inferInsert, tx: Executor): Promise<void> {
      await tx.insert(messageFingerprints).values(values);
    },

    /** Recipients of the sender's texts since `since` whose text is (nearly) `simhash`, with up to 3 samples. */
    async similarTexts(senderProfileId: number, simhash: bigint, since: Date, tx: Executor) {
      const rows = await tx
        .select({ recipient: messageFingerprints.recipientProfileId, sample: messageFingerprints.sample })
        .from(messageFingerprints)
        .where(
          and(
            eq(messageFingerprints.senderProfileId, senderProfileId),
            gte(messageFingerprints.createdAt, since),
            sql`bit_count((${messageFingerprints.simhash} # ${simhash})::bit(64)) <= ${SIMILAR_TEXT_BITS}`,
          ),
        );
      return {
        recipients: new Set(rows.map((row) => row.recipient)).size,
        samples: rows.slice(0, 3).map((r) => r.sample),
      };
    },

    /** Different members the sender wrote texts to since `since`. */
    async recipientsSince(senderProfileId: number, since: Date, tx: Executor): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(distinct ${messageFingerprints.recipientProfileId})`.mapWith(Number) })
        .from(messageFingerprints)
        .where(
          and(eq(messageFingerprints.senderProfileId, senderProfileId), gte(messageFingerprints.createdAt, since)),
        );
      return row?.count ?? 0;
    },

    /** Fingerprints older than `before` (kept one day). */
    async deleteFingerprintsBefore(before: Date, tx: Executor = db): Promise<void> {
      await tx.delete(messageFingerprints).where(lt(messageFingerprints.createdAt, before));
    },

    /** Whether `partnerProfileId` ever wrote to `senderProfileId` (their conversation has a message of theirs). */
    async hasAnswered(partnerProfileId: number, senderProfileId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: messages.id })
        .from(conversationMembers)
        .innerJoin(messages, eq(messages.conversationId, conversationMembers.conversationId))
        .where(
          and(
            eq(conversationMembers.profileId, senderProfileId),
            eq(conversationMembers.partnerProfileId, partnerProfileId),
            eq(messages.senderProfileId, partnerProfileId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The account behind a profile: its id, site and when it was made. */
    async accountOf(profileId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ userId: users.id, siteId: users.siteId, createdAt: users.createdAt })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.id, profileId))
        .limit(1);
      return row;
    },

    /** Open reports against the profile since `since`. */
    async openReportsSince(profileId: number, since: Date, tx: Executor): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(reports)
        .where(
          and(eq(reports.reportedProfileId, profileId), eq(reports.status, 'open'), gte(reports.createdAt, since)),
        );
      return row?.count ?? 0;
    },

    /** Photos of other accounts (any site) whose perceptual hash is within SAME_PHOTO_BITS of `phash`, closest first. */
    async samePhotosElsewhere(photoId: number, userId: number, phash: bigint, tx: Executor = db) {
      const distance = sql<number>`bit_count((${photoScreenings.phash} # ${phash})::bit(64))`.mapWith(Number);
      return tx
        .select({ photoId: photos.id, userId: profiles.userId, distance })
        .from(photoScreenings)
        .innerJoin(photos, eq(photos.id, photoScreenings.photoId))
        .innerJoin(profiles, eq(profiles.id, photos.profileId))
        .where(
          and(
            isNotNull(photoScreenings.phash),
            ne(photos.id, photoId),
            sql`${profiles.userId} is distinct from ${userId}`,
            sql`${distance} <= ${SAME_PHOTO_BITS}`,
          ),
        )
        .orderBy(distance)
        .limit(3);
    },

    /** The Risk queue: members with a score, highest first, `limit + 1` rows after (score, userId). */
    async listQueue(query: { siteId?: number; after?: { score: number; userId: number }; limit: number }) {
      return db
        .select({ risk: memberRisk, email: users.email, name: profiles.name, profileId: profiles.id })
        .from(memberRisk)
        .innerJoin(users, eq(users.id, memberRisk.userId))
        .leftJoin(profiles, eq(profiles.userId, memberRisk.userId))
        .where(
          and(
            gt(memberRisk.score, 0),
            query.siteId ? eq(memberRisk.siteId, query.siteId) : undefined,
            query.after
              ? sql`(${memberRisk.score}, ${memberRisk.userId}) < (${query.after.score}, ${query.after.userId})`
              : undefined,
          ),
        )
        .orderBy(desc(memberRisk.score), desc(memberRisk.userId))
        .limit(query.limit + 1);
    },
  };
}
export type RiskRepository = ReturnType<typeof createRiskRepository>;
