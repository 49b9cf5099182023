// The one writer of photo_screenings and safety_settings (docs/safety.md), and their reads.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  type FaceCheck,
  photoScreenings,
  safetySettings,
  type ChatPhotoBlur,
  type PhotoScreeningRow,
  type ScreeningLabels,
  type ScreeningSource,
  type ScreeningStatus,
} from '../../db/schema/index.ts';

export type ScreeningRef = { source: ScreeningSource; id: number };
export type NewScreening = ScreeningRef & {
  status: ScreeningStatus;
  score: number | null;
  isExplicit: boolean;
  labels: ScreeningLabels;
  model: string;
  /** Profile photos: the perceptual hash (risk's reused-photo signal); null otherwise. */
  phash: bigint | null;
  /** Selfies: the face comparison (docs/safety.md, "Face similarity"); null otherwise. */
  faceCheck: FaceCheck | null;
  faceSimilarity: number | null;
  facePhotoId: number | null;
  screenedAt: Date;
};

const refColumn = {
  profile: photoScreenings.photoId,
  chat: photoScreenings.messageId,
  selfie: photoScreenings.verificationId,
};
const refField = { profile: 'photoId', chat: 'messageId', selfie: 'verificationId' } as const;

export function createSafetyRepository(db: Database) {
  return {
    /** Stores a screening once: a job run twice keeps the first result. False when the photo is gone. */
    async insertScreening(screening: NewScreening, tx: Executor = db): Promise<boolean> {
      const { id, ...values } = screening;
      const inserted = await tx
        .insert(photoScreenings)
        .values({ ...values, [refField[screening.source]]: id })
        .onConflictDoNothing()
        .returning({ id: photoScreenings.id });
      return inserted.length > 0;
    },

    async findScreening(ref: ScreeningRef, tx: Executor = db): Promise<PhotoScreeningRow | undefined> {
      const [row] = await tx.select().from(photoScreenings).where(eq(refColumn[ref.source], ref.id)).limit(1);
      return row;
    },

    /** The screenings of these chat photos (one query for a page of messages). */
    async listChatScreenings(messageIds: number[], tx: Executor = db): Promise<PhotoScreeningRow[]> {
      if (messageIds.length === 0) return [];
      return tx.select().from(photoScreenings).where(inArray(photoScreenings.messageId, messageIds));
    },

    async findSettings(userId: number, tx: Executor = db) {
      const [row] = await tx.select().from(safetySettings).where(eq(safetySettings.userId, userId)).limit(1);
      return row;
    },

    async saveChatPhotoBlur(userId: number, chatPhotoBlur: ChatPhotoBlur, now: Date, tx: Executor = db) {
      await tx
        .insert(safetySettings)
        .values({ userId, chatPhotoBlur, updatedAt: now })
        .onConflictDoUpdate({ target: safetySettings.userId, set: { chatPhotoBlur, updatedAt: now } });
    },

    /** Marks the sender told about blurring; true only the first time (the one call that tells them). */
    async markBlurNotice(userId: number, now: Date, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .insert(safetySettings)
        .values({ userId, blurNoticeAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: safetySettings.userId,
          set: { blurNoticeAt: now },
          setWhere: sql`${safetySettings.blurNoticeAt} is null`,
        })
        .returning({ userId: safetySettings.userId });
      return rows.length > 0;
    },
  };
}
export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
