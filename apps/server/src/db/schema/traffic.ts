// Paid traffic (docs/traffic.md): ad networks and their postbacks, visitors' first-touch records and visits, the
// business events that follow a visitor to revenue, and the day roll-ups the reports read. Owner: modules/traffic.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './sites.ts';
import { users } from './users.ts';

/** The business events a visitor can lead to, each sent to the network once (docs/traffic.md). */
export type TrafficEventKind = 'signup' | 'activation' | 'purchase' | 'refund' | 'chargeback';
/** What a network is paid: a fixed amount per signup or activation, a share of the first or of every purchase. */
export type NetworkPayouts = {
  signup?: { amountMinor: number; currency: string };
  activation?: { amountMinor: number; currency: string };
  /** Basis points of the purchase's amount (2500: 25 %). */
  firstPurchase?: { basisPoints: number };
  purchase?: { basisPoints: number };
};
/** A postback URL template per event; `reversal` is sent for a refund or a chargeback (else the purchase's template). */
export type NetworkPostbacks = Partial<
  Record<'signup' | 'activation' | 'firstPurchase' | 'purchase' | 'reversal', string>
>;

export const trafficNetworks = pgTable(
  'traffic_networks',
  {
    id: serial('id').primaryKey(),
    /** The value of `?network=` that names it (lower case). */
    key: text('key').notNull(),
    name: text('name').notNull(),
    /** The query key that carries the network's click id, and the one that carries the affiliate id. */
    clickIdParam: text('click_id_param').notNull().default('click_id'),
    refParam: text('ref_param').notNull().default('ref'),
    payouts: jsonb('payouts').$type<NetworkPayouts>().notNull().default({}),
    postbacks: jsonb('postbacks').$type<NetworkPostbacks>().notNull().default({}),
    /** Postbacks carry `signatureHeader: hex(HMAC-SHA256(secret, url))` when both are set. */
    signatureHeader: text('signature_header'),
    signingSecret: text('signing_secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('traffic_networks_key_key').on(table.key)],
);
export type TrafficNetworkRow = typeof trafficNetworks.$inferSelect;

/**
 * The visitor a member signed up with (the signed cookie's id): their first visit is the member's first touch. Deleted
 * with the member, with the visitor's visits (docs/traffic.md).
 */
export const trafficMembers = pgTable(
  'traffic_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('traffic_members_visitor_idx').on(table.visitorId)],
);

/**
 * One visit with tracking data, or of a lander or member landing, by the visitor of the signed cookie: a visitor's
 * first visit is their first-touch record, their latest the last touch (traffic_visits_visitor_idx, in id order).
 */
export const trafficVisits = pgTable(
  'traffic_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitorId: uuid('visitor_id').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The visit's day in the site's time zone (the reports' days). */
    day: date('day', { mode: 'string' }).notNull(),
    network: text('network'),
    networkId: integer('network_id'),
    ref: text('ref'),
    sub1: text('sub1'),
    sub2: text('sub2'),
    sub3: text('sub3'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
    clickId: text('click_id'),
    /** The query key the click id came in: gclid, fbclid, msclkid, click_id, a network's own key… */
    clickKind: text('click_kind'),
    lander: text('lander'),
    variant: text('variant'),
    landingMemberId: integer('landing_member_id'),
    referrerHost: text('referrer_host'),
    country: text('country'),
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('traffic_visits_visitor_idx').on(table.visitorId, table.id)],
);
export type TrafficVisitRow = typeof trafficVisits.$inferSelect;

/**
 * Visits and new visitors per site-local day, for each grouping of the report (network, ref, sub1, campaign, lander,
 * variant, member, and the site as a whole under '') and its key, kept by the visit writer (one upsert per key and
 * batch): a report reads the few rows of its grouping, however many visits and however many sources they came from.
 */
export const trafficDaily = pgTable(
  'traffic_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The report's grouping ('' for the site as a whole). */
    grouping: text('grouping').notNull(),
    /** The group's key as the report shows it ('' for none). */
    key: text('key').notNull(),
    visits: integer('visits').notNull().default(0),
    /** Visitors whose first touch was this day and source. */
    visitors: integer('visitors').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'traffic_daily_pkey', columns: [table.grouping, table.day, table.siteId, table.key] }),
  ],
);

/**
 * A business event with its first touch's source copied on it (the report groups events without a join): signup,
 * activation, each purchase (`isFirst` for the first), refund, chargeback. Written once per cause (unique keys below);
 * a deleted member's events stay for the books without the member, the visitor or the click id.
 */
export const trafficEvents = pgTable(
  'traffic_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    visitorId: uuid('visitor_id'),
    kind: text('kind').$type<TrafficEventKind>().notNull(),
    /** What caused it: `user:<id>` for a signup or an activation, `order:<id>` for the rest. */
    causeKey: text('cause_key').notNull(),
    orderId: integer('order_id'),
    isFirst: boolean('is_first').notNull().default(false),
    /** The purchase's amount, or the refunded or charged-back amount (positive), in minor units. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency'),
    networkId: integer('network_id').references(() => trafficNetworks.id, { onDelete: 'set null' }),
    /** What the network earns by it (negative for a reversal), in `payoutCurrency`'s minor units. */
    payoutMinor: bigint('payout_minor', { mode: 'number' }).notNull().default(0),
    payoutCurrency: text('payout_currency'),
    day: date('day', { mode: 'string' }).notNull(),
    network: text('network').notNull().default(''),
    ref: text('ref').notNull().default(''),
    sub1: text('sub1').notNull().default(''),
    sub2: text('sub2').notNull().default(''),
    sub3: text('sub3').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    lander: text('lander').notNull().default(''),
    variant: text('variant').notNull().default(''),
    memberId: integer('member_id').notNull().default(0),
    clickId: text('click_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('traffic_events_cause_key').on(table.kind, table.causeKey),
    // One first purchase per member, whichever instance acknowledges two paid orders at once.
    uniqueIndex('traffic_events_first_purchase_key')
      .on(table.userId)
      .where(sql`${table.kind} = 'purchase' and ${table.isFirst}`),
    index('traffic_events_day_idx').on(table.day, table.siteId),
    index('traffic_events_user_idx').on(table.userId),
    index('traffic_events_visitor_idx').on(table.visitorId),
  ],
);
export type TrafficEventRow = typeof trafficEvents.$inferSelect;

export type PostbackStatus = 'pending' | 'sent' | 'failed';

/** One postback to a network for one event: sent once by the `traffic.postback` job, retried for 24 hours. */
export const trafficPostbacks = pgTable(
  'traffic_postbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => trafficEvents.id, { onDelete: 'cascade' }),
    networkId: integer('network_id')
      .notNull()
      .references(() => trafficNetworks.id, { onDelete: 'cascade' }),
    /** The address as sent (its signature travels in a header, never in the address). */
    url: text('url').notNull(),
    status: text('status').$type<PostbackStatus>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    /** The network's last HTTP status, or null when no answer came. */
    lastStatusCode: smallint('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('traffic_postbacks_event_network_key').on(table.eventId, table.networkId),
    index('traffic_postbacks_status_idx').on(table.status, table.id),
  ],
);
export type TrafficPostbackRow = typeof trafficPostbacks.$inferSelect;

/** A lander's variants and their weights on one site (docs/traffic.md, "Lander experiments"). Owner: modules/landers. */
export const landerExperiments = pgTable(
  'lander_experiments',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    lander: text('lander').notNull(),
    variants: jsonb('variants').$type<{ key: string; design: string; weight: number }[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'lander_experiments_pkey', columns: [table.siteId, table.lander] })],
);
export type LanderExperimentRow = typeof landerExperiments.$inferSelect;
