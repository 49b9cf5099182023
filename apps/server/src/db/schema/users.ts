// Members: accounts (login, status, tracking), their profiles, push subscriptions and signup messages awaiting delivery.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ProfilePrompt } from '@app/contracts';
import { sites } from './sites.ts';

export type UserStatus = 'not_confirmed' | 'active' | 'deleted_pending';
export type NotificationsDisabledReason = 'spam' | 'bounce' | 'unsubscribed';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Accounts belong to one white-label site; the same e-mail may have an account on another site. */
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status').$type<UserStatus>().notNull().default('not_confirmed'),
    language: text('language').notNull().default('en'),
    paidUser: boolean('paid_user').notNull().default(false),
    /** The next signup step (0-4), 5 when all are done. */
    signupStep: smallint('signup_step').notNull().default(1),
    notificationsDisabled: jsonb('notifications_disabled').$type<NotificationsDisabledReason[]>().notNull().default([]),
    /** Failed logins inside the current 15-minute window, and when that window started. */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: timestamp('failed_login_window_start', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    trackingNetwork: text('tracking_network'),
    trackingRef: text('tracking_ref'),
    trackingSub1: text('tracking_sub1'),
    trackingSub2: text('tracking_sub2'),
    trackingSub3: text('tracking_sub3'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Until when staff restrict the account: the ban or suspension of member_restrictions, copied by the database
     * itself (the trigger of migration 0033): 'infinity' for a ban, the suspension's end, null without a restriction.
     * Member-facing queries read it (lib/member-restrictions.ts); member_restrictions keeps the record.
     */
    // As text: a ban's 'infinity' would be an Invalid Date.
    restrictedUntil: timestamp('restricted_until', { withTimezone: true, mode: 'string' }),
    deleteReason: text('delete_reason'),
    deleteRemarks: text('delete_remarks'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_site_email_key').on(table.siteId, table.email),
    index('users_deleted_at_idx')
      .on(table.deletedAt)
      .where(sql`${table.status} = 'deleted_pending'`),
    // The accounts no list shows (pending deletion, or restricted by staff now or once): the lists' one probe per row
    // (member-core isViewable, lib/member-restrictions.ts) reads this small index.
    index('users_unlisted_idx')
      .on(table.id)
      .where(sql`${table.status} = 'deleted_pending' or ${table.restrictedUntil} is not null`),
    // Reminders of an unconfirmed address or an unfinished profile look at members by signup time (docs/notifications.md).
    index('users_created_idx').on(table.createdAt),
    // The bounce and complaint intake finds every account of an address, whatever its site; the staff console's
    // e-mail prefix search reads it as a range.
    index('users_email_idx').on(table.email),
    // The staff console: activations per day (dashboard), a site's members newest first (member search).
    index('users_activated_idx').on(table.activatedAt),
    index('users_site_id_idx').on(table.siteId, table.id),
  ],
);
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export type ProfileStatus = 'active' | 'disabled';
export type RelationshipStatus = 'divorced' | 'living_together' | 'married' | 'single' | 'widowed' | 'unmarried';
export type BodyType = 'slim' | 'normal' | 'fat';
export type HairColor = 'black' | 'brown' | 'blonde' | 'red' | 'grey' | 'white' | 'bald' | 'other';
export type EyeColor = 'blue' | 'brown' | 'green' | 'grey' | 'hazel' | 'other';
export type TattooOption = 'none' | 'some' | 'many';
export type SignupReason = 'chat' | 'dating' | 'relationship' | 'friendship' | 'casual' | 'adventure';

/** The search filter combinations (besides site and age) that get an index of their own. */
const searchIndexes: [string, ('gender' | 'country' | 'region')[]][] = [
  ['profiles_search_idx', []],
  ['profiles_search_g_idx', ['gender']],
  ['profiles_search_c_idx', ['country']],
  ['profiles_search_gc_idx', ['gender', 'country']],
  ['profiles_search_cr_idx', ['country', 'region']],
  ['profiles_search_gcr_idx', ['gender', 'country', 'region']],
];

/**
 * A member's public profile. `user_id` is null for profiles without a login (fictional profiles).
 * Photos are in photos.ts; likes, matches, blocks and swipes refer to profiles, not users.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<ProfileStatus>().notNull().default('disabled'),
    gender: text('gender').$type<'male' | 'female' | 'non_binary'>(),
    /** Whom the member wants to see (men, women, everyone); null: derived from gender and sexuality (orientation). */
    showMe: text('show_me').$type<'men' | 'women' | 'everyone'>(),
    sexuality: text('sexuality').$type<'hetero' | 'gay' | 'lesbian' | 'bi'>(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    country: text('country'),
    region: text('region'),
    city: text('city'),
    aboutMe: text('about_me'),
    relationshipStatus: text('relationship_status').$type<RelationshipStatus>(),
    bodyType: text('body_type').$type<BodyType>(),
    hairColor: text('hair_color').$type<HairColor>(),
    eyeColor: text('eye_color').$type<EyeColor>(),
    tattoos: text('tattoos').$type<TattooOption>(),
    signupReason: text('signup_reason').$type<SignupReason>(),
    /** Keys of the interest catalogue (packages/contracts/src/interests.ts). */
    interests: jsonb('interests').$type<string[]>().notNull().default([]),
    /** Answers to up to three prompts of the prompt catalogue (packages/contracts/src/prompts.ts), in the member's order. */
    prompts: jsonb('prompts').$type<ProfilePrompt[]>().notNull().default([]),
    /**
     * When staff approved the member's verification selfie (docs/verification.md); null when not verified. Shown as a
     * badge on cards, the member page and in chat; search can ask for verified members only.
     */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * A fictional profile: it has no account and nobody reads messages sent to it, so it cannot be messaged or sent
     * gifts (docs/chat.md); the profile page shows the site's fictional-profile warning.
     */
    isFictional: boolean('is_fictional').notNull().default(false),
    /** Invisible mode: left out of search, suggestions and the swipe game. */
    isInvisible: boolean('is_invisible').notNull().default(false),
    /** "Don't record my visits": opening other members' profiles leaves no visit (docs/visitors.md). */
    privateVisits: boolean('private_visits').notNull().default(false),
    /** The member agreed to appear in the site's ads (landers and member landings); off by default (docs/landers.md). */
    showInAds: boolean('show_in_ads').notNull().default(false),
    /**
     * The profile has a main photo (search relevance, docs/search-relevance.md). Kept by the trigger
     * photos_keep_profile_has_photo (migration 0006), whichever code path changes the photos.
     */
    hasPhoto: boolean('has_photo').notNull().default(false),
    /** The last UTC day the member used the site (search relevance); written at most once a day (plugins/activity.plugin.ts). */
    lastActiveDay: date('last_active_day', { mode: 'string' })
      .notNull()
      .default(sql`((now() at time zone 'utc')::date)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('profiles_user_key').on(table.userId),
    index('profiles_site_idx').on(table.siteId),
    // The staff console's name search: a case-insensitive prefix (lower(name) LIKE 'ann%').
    index('profiles_name_lower_idx').on(sql`lower(${table.name}) text_pattern_ops`),
    // Member search and suggestions (docs/search-relevance.md): one index per combination of the equality
    // filters gender / country / region, then the relevance order (has_photo, last_active_day, id; read
    // backwards, keyset), the birth date last so age ranges filter inside the index.
    // Partial: only listed profiles (active, not invisible) are ever searched.
    ...searchIndexes.map(([name, columns]) =>
      index(name)
        .on(
          table.siteId,
          ...columns.map((column) => table[column]),
          table.hasPhoto,
          table.lastActiveDay,
          table.id,
          table.dateOfBirth,
        )
        .where(sql`${table.status} = 'active' and ${table.isInvisible} = false`),
    ),
    // Landers show only listed real members who agreed to appear in ads (docs/landers.md): few, so one small index.
    index('profiles_ads_idx')
      .on(table.siteId, table.gender, table.hasPhoto, table.lastActiveDay, table.id)
      .where(
        sql`${table.status} = 'active' and ${table.isInvisible} = false and ${table.showInAds} and ${table.isFictional} = false`,
      ),
    // The weekly update counts the site's new listed members (docs/notifications.md).
    index('profiles_site_created_idx')
      .on(table.siteId, table.createdAt)
      .where(sql`${table.status} = 'active' and ${table.isInvisible} = false`),
  ],
);
export type ProfileRow = typeof profiles.$inferSelect;
export type NewProfileRow = typeof profiles.$inferInsert;

/** Web-push subscriptions (POST /api/user.php?push=1); one member may use several browsers. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);

/** A first message written during signup from a member's page; the chat feature delivers it (delivered_at) once it exists. */
export const pendingMessages = pgTable(
  'pending_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetProfileId: integer('target_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('pending_messages_undelivered_idx')
      .on(table.userId)
      .where(sql`${table.deliveredAt} is null`),
  ],
);
