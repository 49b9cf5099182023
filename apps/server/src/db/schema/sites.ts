// Sites: one row per white-label domain with every setting of SPEC section 3.
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SiteTexts } from '@app/contracts';

/** What a site does with a profile photo scored explicit (docs/safety.md). */
export type ExplicitPhotoPolicy = 'allowed' | 'private_only' | 'review';
export type MinimumMessageCosts = Record<string, { costs: number; currency: string }>;
export type RegionData = Record<
  string,
  { kind: 'province' | 'state' | 'region' | 'canton' | 'county' | 'voivodeship' }
>;

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull(),
    /** The site that answers for any host no row names (localhost in development). */
    isDefault: boolean('is_default').notNull().default(false),
    name: text('name').notNull(),
    domainLanguage: text('domain_language').notNull().default('en'),
    languages: jsonb('languages').$type<string[]>().notNull(),
    cdnPrefix: text('cdn_prefix').notNull().default(''),
    /** The site's own theme colours (#rrggbb; '' keeps the brand's coral and orange): docs/design-system.md. */
    themePrimary: text('theme_primary').notNull().default(''),
    themeSecondary: text('theme_secondary').notNull().default(''),
    niche: integer('niche').notNull().default(1),
    /**
     * The member-facing texts per locale (contracts' site-texts.ts: index_title, description, fictional_warning,
     * fictional_singular, fictional_plural). The single-value columns of those texts (index_title, description,
     * fictional_*) are still written, for the release before this one (docs/operations.md, expand then contract): the
     * title and description in the site's domain_language, the fictional texts in English.
     */
    texts: jsonb('texts').$type<SiteTexts>().notNull().default({}),
    indexTitle: text('index_title').notNull().default(''),
    description: text('description').notNull().default(''),
    signups: text('signups').$type<'all' | 'with_trafficsource' | 'other'>().notNull().default('all'),
    loggedOutSearch: text('logged_out_search').$type<'none' | 'all' | 'other'>().notNull().default('all'),
    loggedOutSearchTrafficsource: text('logged_out_search_trafficsource')
      .$type<'none' | 'all' | 'other'>()
      .notNull()
      .default('all'),
    minimumMessageCosts: jsonb('minimum_message_costs').$type<MinimumMessageCosts>().notNull().default({}),
    currency: text('currency').notNull().default('EUR'),
    minAge: integer('min_age').notNull().default(18),
    supportPhone: text('support_phone').notNull().default(''),
    supportEmail: text('support_email').notNull().default(''),
    pushPublicKey: text('push_public_key').notNull().default(''),
    enableSiteEntryPopup: text('enable_site_entry_popup').$type<'yes' | 'no'>().notNull().default('yes'),
    /** Profile photos that may be explicit (docs/safety.md): allowed, allowed only as private photos, or held for review. */
    explicitPhotos: text('explicit_photos').$type<ExplicitPhotoPolicy>().notNull().default('review'),
    /** From this risk score on a member's messages to partners who never answered are held (docs/safety.md). */
    riskThreshold: integer('risk_threshold').notNull().default(60),
    /** Points per risk signal; a signal not named has its default (docs/safety.md, "Risk"). */
    riskWeights: jsonb('risk_weights').$type<Record<string, number>>().notNull().default({}),
    siteEntryPopupCountries: jsonb('site_entry_popup_countries').$type<string[]>().notNull().default([]),
    usFooter: boolean('us_footer').notNull().default(false),
    fictionalIcon: text('fictional_icon').notNull().default(''),
    fictionalWarning: text('fictional_warning').notNull().default(''),
    fictionalSingular: text('fictional_singular').notNull().default(''),
    fictionalPlural: text('fictional_plural').notNull().default(''),
    countries: jsonb('countries').$type<string[]>().notNull(),
    visibleProfileFields: jsonb('visible_profile_fields').$type<string[]>().notNull(),
    visibleProfileNotes: jsonb('visible_profile_notes').$type<Record<string, string>>().notNull().default({}),
    regionData: jsonb('region_data').$type<RegionData>().notNull().default({}),
    messageCredits: integer('message_credits').notNull(),
    signupCredits: integer('signup_credits').notNull(),
    photoCredits: integer('photo_credits').notNull(),
    giftCredits: integer('gift_credits').notNull(),
    messageLength: integer('message_length').notNull(),
    searchFields: jsonb('search_fields').$type<string[]>().notNull(),
    interests: jsonb('interests').$type<string[]>().notNull(),
    paymentMethods: jsonb('payment_methods').$type<string[]>().notNull().default([]),
    /** Transaction costs a payment method adds to an order (SPEC 3 Payment), minor units of the order's currency. */
    transactionCosts: jsonb('transaction_costs').$type<Record<string, number>>().notNull().default({}),
    refundDays: integer('refund_days').notNull(),
    memberResell: boolean('member_resell').notNull().default(false),
    /** Where visitors go when the site takes no signups (`signups: other`): an http(s) address, or null (docs/landers.md). */
    partnerUrl: text('partner_url'),
    /** The site's time zone (IANA): the traffic report's days (docs/traffic.md). */
    timeZone: text('time_zone').notNull().default('Europe/Amsterdam'),
    /** How long the signed tracking cookie keeps a visitor's first touch, in days (docs/traffic.md). */
    trackingCookieDays: integer('tracking_cookie_days').notNull().default(30),
    /** A member within this many kilometres of the visitor's town is "near you" on the landers (docs/landers.md). */
    nearDistanceKm: integer('near_distance_km').notNull().default(50),
    companyId: integer('company_id'),
    mailName: text('mail_name').notNull().default(''),
    deleteDiscount: integer('delete_discount').notNull().default(0),
    companyName: text('company_name').notNull().default(''),
    companyAddress: text('company_address').notNull().default(''),
    companyKvk: text('company_kvk').notNull().default(''),
    companyCity: text('company_city').notNull().default(''),
    companyCountry: text('company_country').notNull().default(''),
    companyTradenames: jsonb('company_tradenames').$type<string[]>().notNull().default([]),
    companyVatNumbers: jsonb('company_vat_numbers').$type<string[]>().notNull().default([]),
    companyAdded: timestamp('company_added', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sites_domain_key').on(table.domain),
    // At most one site answers for unknown hosts.
    uniqueIndex('sites_single_default_key')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

export type SiteRow = typeof sites.$inferSelect;
export type NewSiteRow = typeof sites.$inferInsert;
