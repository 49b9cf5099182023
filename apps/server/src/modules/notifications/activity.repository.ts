// What happened, for the like mails and the batch jobs: likes received, members who joined, and the pages of
// members the weekly update, reminders and campaigns go through (keyset by user id, or by signup time).
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likes, notificationSettings, profiles, users } from '../../db/schema/index.ts';
import { hasNoActiveRestriction } from '../../lib/member-restrictions.ts';
import { isCompatibleWith } from '../member-core/index.ts';
import type { Recipient } from './recipients.repository.ts';

/** Likes a member received (announced only from members who may be announced). */
export function createLikeReadsRepository(db: Executor) {
  return {
    /** New likes of the member after `since` from members who may be announced (active, not invisible): how many, and the newest liker. */
    async newLikesSince(
      profileId: number,
      since: Date,
      tx: Executor = db,
    ): Promise<{ count: number; newest: { id: number; name: string } | null }> {
      const visible = and(
        eq(likes.targetProfileId, profileId),
        eq(likes.isNew, true),
        gt(likes.createdAt, since),
        eq(profiles.status, 'active'),
        eq(profiles.isInvisible, false),
        hasNoActiveRestriction(profiles.userId),
      );
      const [counted] = await tx
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.profileId))
        .where(visible);
      const [newest] = await tx
        .select({ id: profiles.id, name: profiles.name })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.profileId))
        .where(visible)
        .orderBy(desc(likes.createdAt))
        .limit(1);
      return { count: counted?.count ?? 0, newest: newest ?? null };
    },

    /** When `profileId` liked `targetId` (null: not). */
    async findLikedAt(profileId: number, targetId: number, tx: Executor = db): Promise<Date | null> {
      const [row] = await tx
        .select({ createdAt: likes.createdAt })
        .from(likes)
        .where(and(eq(likes.profileId, profileId), eq(likes.targetProfileId, targetId)));
      return row?.createdAt ?? null;
    },

    /** Likes received after `since` from members who may be announced (the weekly update). */
    async countLikesSince(profileId: number, since: Date, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.profileId))
        .where(
          and(
            eq(likes.targetProfileId, profileId),
            gt(likes.createdAt, since),
            eq(profiles.status, 'active'),
            eq(profiles.isInvisible, false),
            hasNoActiveRestriction(profiles.userId),
          ),
        );
      return row?.count ?? 0;
    },
  };
}

/** Listed members who joined lately, for the weekly update. */
export function createNewMembersRepository(db: Executor) {
  return {
    /** Listed members who joined the site after `since` and suit the member (on profiles_site_created_idx). */
    async newMembersSince(
      recipient: Pick<Recipient, 'profileId' | 'gender' | 'sexuality' | 'showMe'> & { siteId: number },
      since: Date,
      limit: number,
      tx: Executor = db,
    ) {
      const where = and(
        eq(profiles.siteId, recipient.siteId),
        gt(profiles.createdAt, since),
        eq(profiles.status, 'active'),
        eq(profiles.isInvisible, false),
        hasNoActiveRestriction(profiles.userId),
        sql`${profiles.id} <> ${recipient.profileId}`,
        isCompatibleWith(recipient),
      );
      const [counted] = await tx
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(profiles)
        .where(where);
      const names = await tx
        .select({ name: profiles.name })
        .from(profiles)
        .where(where)
        .orderBy(desc(profiles.createdAt), desc(profiles.id))
        .limit(limit);
      return { count: counted?.count ?? 0, names: names.map((row) => row.name) };
    },
  };
}

/** The pages of members the weekly update, reminders and campaigns go through. */
export function createBatchReadsRepository(db: Executor) {
  return {
    async pageActiveUserIds(
      afterUserId: number,
      limit: number,
      siteId: number | null,
      tx: Executor = db,
    ): Promise<number[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            gt(users.id, afterUserId),
            eq(users.status, 'active'),
            siteId === null ? undefined : eq(users.siteId, siteId),
          ),
        )
        .orderBy(asc(users.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Members due a reminder (on users_created_idx): signed up between `from` and `to`, unconfirmed or with an
     * unfinished profile (signup steps left, or no photo), fewer than `max` reminders so far.
     */
    async pageReminderCandidates(
      from: Date,
      to: Date,
      max: number,
      after: { createdAt: Date; id: number } | null,
      limit: number,
      tx: Executor = db,
    ) {
      return tx
        .select({ userId: users.id, createdAt: users.createdAt })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
        .where(
          and(
            gt(users.createdAt, from),
            lte(users.createdAt, to),
            after ? sql`(${users.createdAt}, ${users.id}) > (${after.createdAt}, ${after.id})` : undefined,
            sql`(${users.status} = 'not_confirmed' or (${users.status} = 'active' and (${users.signupStep} < 5 or not ${profiles.hasPhoto})))`,
            sql`coalesce(${notificationSettings.remindersSent}, 0) < ${max}`,
          ),
        )
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(limit);
    },
  };
}
