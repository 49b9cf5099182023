// Drizzle queries of member reports: the checks that the reported photo or message is the reported member's and
// visible to the reporter, and the insert. Every lookup is by primary key (photos.id, messages.id, conversations.id).
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { conversations, messages, photos, reports } from '../../db/schema/index.ts';
import type { ReportReason, ReportTarget } from '@app/contracts';

export type NewReport = {
  siteId: number;
  reporterProfileId: number;
  reportedProfileId: number;
  target: ReportTarget;
  photoId: number | null;
  messageId: number | null;
  reason: ReportReason;
  remarks: string | null;
};

export function createReportsRepository(db: Executor) {
  return {
    /** The photo when it is `profileId`'s. */
    async findPhoto(
      photoId: number,
      profileId: number,
      tx: Executor = db,
    ): Promise<{ id: number; isPrivate: boolean } | undefined> {
      const [row] = await tx
        .select({ id: photos.id, isPrivate: photos.isPrivate })
        .from(photos)
        .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId)))
        .limit(1);
      return row;
    },

    /** The message when `senderProfileId` sent it in a conversation whose two members include `memberProfileId`. */
    async findMessage(
      messageId: number,
      senderProfileId: number,
      memberProfileId: number,
      tx: Executor = db,
    ): Promise<{ id: number } | undefined> {
      const [low, high] =
        senderProfileId < memberProfileId ? [senderProfileId, memberProfileId] : [memberProfileId, senderProfileId];
      const [row] = await tx
        .select({ id: messages.id })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(messages.id, messageId),
            eq(messages.senderProfileId, senderProfileId),
            eq(conversations.profileLowId, low),
            eq(conversations.profileHighId, high),
          ),
        )
        .limit(1);
      return row;
    },

    async insert(report: NewReport, tx: Executor = db): Promise<number> {
      const [row] = await tx.insert(reports).values(report).returning({ id: reports.id });
      return row!.id;
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
