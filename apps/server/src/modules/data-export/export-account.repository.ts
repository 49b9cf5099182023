// What a member's export holds of their account: the account, the profile, photos, notification settings.
import { asc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  memberRisk,
  messages,
  notificationSettings,
  photos,
  photoScreenings,
  photoVerifications,
  profiles,
  safetySettings,
  sites,
  users,
} from '../../db/schema/index.ts';

export function createExportAccountRepository(db: Executor) {
  return {
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

    /**
     * Safety data (docs/safety.md): the blur choice, and the screenings of the member's profile photos, the chat photos
     * they sent and their verification selfies.
     */
    async safety(userId: number, profileId: number | null, tx: Executor = db) {
      const [settings] = await tx
        .select({ chatPhotoBlur: safetySettings.chatPhotoBlur, blurNoticeAt: safetySettings.blurNoticeAt })
        .from(safetySettings)
        .where(eq(safetySettings.userId, userId));
      const screenings =
        profileId === null
          ? []
          : await tx
              .select({
                source: photoScreenings.source,
                photoId: photoScreenings.photoId,
                messageId: photoScreenings.messageId,
                verificationId: photoScreenings.verificationId,
                status: photoScreenings.status,
                score: photoScreenings.score,
                isExplicit: photoScreenings.isExplicit,
                labels: photoScreenings.labels,
                model: photoScreenings.model,
                faceCheck: photoScreenings.faceCheck,
                faceSimilarity: photoScreenings.faceSimilarity,
                screenedAt: photoScreenings.screenedAt,
              })
              .from(photoScreenings)
              .leftJoin(photos, eq(photos.id, photoScreenings.photoId))
              .leftJoin(messages, eq(messages.id, photoScreenings.messageId))
              .leftJoin(photoVerifications, eq(photoVerifications.id, photoScreenings.verificationId))
              .where(
                or(
                  eq(photos.profileId, profileId),
                  eq(messages.senderProfileId, profileId),
                  eq(photoVerifications.profileId, profileId),
                ),
              )
              .orderBy(asc(photoScreenings.id));
      const [risk] = await tx
        .select({ score: memberRisk.score, signals: memberRisk.signals, isHeld: memberRisk.isHeld })
        .from(memberRisk)
        .where(eq(memberRisk.userId, userId));
      return { settings: settings ?? null, screenings, risk: risk ?? null };
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
