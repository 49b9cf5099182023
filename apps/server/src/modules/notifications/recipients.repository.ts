// Who a notification goes to and who it is about: the recipient (account, profile, site, their notification row) and
// the subject (the sender, the liker), read over the owners' tables (docs/notifications.md, "Read model").
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  notificationSettings,
  photos,
  profiles,
  sites,
  users,
  type NotificationsDisabledReason,
  type StoredNotificationPreferences,
} from '../../db/schema/index.ts';
import { hasActiveRestriction } from '../../lib/member-restrictions.ts';

const recipientColumns = {
  userId: users.id,
  email: users.email,
  language: users.language,
  status: users.status,
  signupStep: users.signupStep,
  notificationsDisabled: users.notificationsDisabled,
  createdAt: users.createdAt,
  profileId: profiles.id,
  name: profiles.name,
  gender: profiles.gender,
  sexuality: profiles.sexuality,
  showMe: profiles.showMe,
  isInvisible: profiles.isInvisible,
  hasPhoto: profiles.hasPhoto,
  isRestricted: hasActiveRestriction(users.id),
  site: {
    id: sites.id,
    name: sites.name,
    mailName: sites.mailName,
    domain: sites.domain,
    isDefault: sites.isDefault,
    cdnPrefix: sites.cdnPrefix,
  },
  preferences: sql<StoredNotificationPreferences | null>`${notificationSettings.preferences}`,
  likeMailedAt: notificationSettings.likeMailedAt,
  unreadRemindedAt: notificationSettings.unreadRemindedAt,
  weeklySentAt: notificationSettings.weeklySentAt,
  remindersSent: sql<number>`coalesce(${notificationSettings.remindersSent}, 0)`.mapWith(Number),
  lastCampaign: sql<Record<string, string> | null>`${notificationSettings.lastCampaign}`,
};

/** A member a notification may go to: the account, the profile, the site, and their notification row. */
export type Recipient = {
  userId: number;
  email: string;
  language: string;
  status: string;
  signupStep: number;
  notificationsDisabled: NotificationsDisabledReason[];
  createdAt: Date;
  profileId: number;
  name: string;
  gender: 'male' | 'female' | 'non_binary' | null;
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi' | null;
  showMe: 'men' | 'women' | 'everyone' | null;
  isInvisible: boolean;
  hasPhoto: boolean;
  /** Banned or suspended by staff now: nothing is sent to them (docs/bans.md). */
  isRestricted: boolean;
  site: { id: number; name: string; mailName: string; domain: string; isDefault: boolean; cdnPrefix: string };
  preferences: StoredNotificationPreferences | null;
  likeMailedAt: Date | null;
  unreadRemindedAt: Date | null;
  weeklySentAt: Date | null;
  remindersSent: number;
  lastCampaign: Record<string, string> | null;
};

/** The member a notification is about (the sender, the liker). */
export type Subject = {
  id: number;
  name: string;
  isInvisible: boolean;
  status: string;
  thumbKey: string | null;
  /** Banned or suspended now: nothing announces them. */ isRestricted: boolean;
};

export function createRecipientsRepository(db: Executor) {
  const selectRecipients = (tx: Executor) =>
    tx
      .select(recipientColumns)
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .innerJoin(sites, eq(sites.id, users.siteId))
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id));
  return {
    async findRecipient(userId: number, tx: Executor = db): Promise<Recipient | undefined> {
      const [row] = await selectRecipients(tx).where(eq(users.id, userId)).limit(1);
      return row as Recipient | undefined;
    },

    async findRecipients(userIds: number[], tx: Executor = db): Promise<Recipient[]> {
      if (userIds.length === 0) return [];
      return (await selectRecipients(tx).where(inArray(users.id, userIds)).orderBy(asc(users.id))) as Recipient[];
    },

    /** Profiles without an account (fictional) have no recipient. */
    async findRecipientByProfile(profileId: number, tx: Executor = db): Promise<Recipient | undefined> {
      const [row] = await selectRecipients(tx).where(eq(profiles.id, profileId)).limit(1);
      return row as Recipient | undefined;
    },

    async findSubject(profileId: number, tx: Executor = db): Promise<Subject | undefined> {
      const [row] = await tx
        .select({
          id: profiles.id,
          name: profiles.name,
          isInvisible: profiles.isInvisible,
          status: profiles.status,
          thumbKey: photos.thumbKey,
          isRestricted: hasActiveRestriction(profiles.userId),
        })
        .from(profiles)
        .leftJoin(photos, and(eq(photos.profileId, profiles.id), sql`${photos.isMain}`))
        .where(eq(profiles.id, profileId))
        .limit(1);
      return row;
    },
  };
}
