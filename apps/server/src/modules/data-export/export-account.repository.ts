// What a member's export holds of their account: the account, the profile, photos, notification settings.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificationSettings, photos, profiles, sites, users } from '../../db/schema/index.ts';

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
