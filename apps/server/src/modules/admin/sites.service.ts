// Staff on white-label sites: create and edit every Settings field (SPEC 3), credit bundles per site and currency,
// discount codes. A change reaches every instance at once: the bus's `site.changed` clears each site resolver cache.
import { asc, eq } from 'drizzle-orm';
import type { AdminBundle, AdminDiscountCode, AdminSite, AdminSiteInput } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import {
  creditBundles,
  discountCodes,
  sites,
  type CreditBundleRow,
  type DiscountCodeRow,
  type SiteRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import type { EventBus } from '../../plugins/bus/index.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import { insertBundle, insertDiscountCode, updateBundle, updateDiscountCode } from '../payments/index.ts';
import { insertSite, updateSite, type SiteSettingsRow } from '../sites/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';

/** A code taken on the site, or a personal code for an account that does not exist: the staff member's input, not a 500. */
function discountCodeError(error: unknown): unknown {
  if (isUniqueViolation(error))
    return new AppError(409, 'discount_code_taken', undefined, [{ path: 'code', code: 'discount_code_taken' }]);
  if (isForeignKeyViolation(error))
    return new AppError(400, 'validation_failed', undefined, [{ path: 'user_id', code: 'profile_not_found' }]);
  return error;
}

export function siteRowOf(input: AdminSiteInput): SiteSettingsRow {
  return {
    name: input.name,
    domain: input.domain,
    domainLanguage: input.domain_language,
    languages: input.languages,
    cdnPrefix: input.cdn_prefix,
    niche: input.niche,
    indexTitle: input.index_title,
    description: input.description,
    signups: input.signups,
    loggedOutSearch: input.logged_out_search,
    loggedOutSearchTrafficsource: input.logged_out_search_trafficsource,
    minimumMessageCosts: input.minimum_message_costs,
    currency: input.currency,
    minAge: input.min_age,
    supportPhone: input.support_phone,
    supportEmail: input.support_email,
    pushPublicKey: input.push_public_key,
    enableSiteEntryPopup: input.enable_site_entry_popup,
    siteEntryPopupCountries: input.site_entry_popup_countries,
    usFooter: input.us_footer,
    fictionalIcon: input.fictional_icon,
    fictionalWarning: input.fictional_warning,
    fictionalSingular: input.fictional_singular,
    fictionalPlural: input.fictional_plural,
    countries: input.countries,
    visibleProfileFields: input.visible_profile_fields,
    visibleProfileNotes: input.visible_profile_notes,
    regionData: input.region_data,
    messageCredits: input.message_credits,
    signupCredits: input.signup_credits,
    photoCredits: input.photo_credits,
    giftCredits: input.gift_credits,
    messageLength: input.message_length,
    searchFields: input.search_fields,
    interests: input.interests,
    paymentMethods: input.payment_methods,
    transactionCosts: input.transaction_costs,
    refundDays: input.refund_days,
    memberResell: input.member_resell,
    partnerUrl: input.partner_url,
    companyId: input.company_id,
    mailName: input.mail_name,
    deleteDiscount: input.delete_discount,
    companyName: input.company.name,
    companyAddress: input.company.address,
    companyKvk: input.company.kvk,
    companyCity: input.company.city,
    companyCountry: input.company.country,
    companyTradenames: input.company.tradenames,
    companyVatNumbers: input.company.vat_numbers,
    companyAdded: input.company.added ? new Date(input.company.added) : null,
  };
}

/** The stored settings of a site in the input's shape (what the console's form edits). */
export function siteInputOf(row: SiteRow): AdminSiteInput {
  return {
    name: row.name,
    domain: row.domain,
    domain_language: row.domainLanguage,
    languages: row.languages,
    cdn_prefix: row.cdnPrefix,
    niche: row.niche,
    index_title: row.indexTitle,
    description: row.description,
    signups: row.signups,
    logged_out_search: row.loggedOutSearch,
    logged_out_search_trafficsource: row.loggedOutSearchTrafficsource,
    minimum_message_costs: row.minimumMessageCosts,
    currency: row.currency,
    min_age: row.minAge,
    support_phone: row.supportPhone,
    support_email: row.supportEmail,
    push_public_key: row.pushPublicKey,
    enable_site_entry_popup: row.enableSiteEntryPopup,
    site_entry_popup_countries: row.siteEntryPopupCountries,
    us_footer: row.usFooter,
    fictional_icon: row.fictionalIcon,
    fictional_warning: row.fictionalWarning,
    fictional_singular: row.fictionalSingular,
    fictional_plural: row.fictionalPlural,
    countries: row.countries,
    visible_profile_fields: row.visibleProfileFields,
    visible_profile_notes: row.visibleProfileNotes,
    region_data: row.regionData,
    message_credits: row.messageCredits,
    signup_credits: row.signupCredits,
    photo_credits: row.photoCredits,
    gift_credits: row.giftCredits,
    message_length: row.messageLength,
    search_fields: row.searchFields,
    interests: row.interests,
    payment_methods: row.paymentMethods,
    transaction_costs: row.transactionCosts,
    refund_days: row.refundDays,
    member_resell: row.memberResell,
    partner_url: row.partnerUrl,
    company_id: row.companyId,
    mail_name: row.mailName,
    delete_discount: row.deleteDiscount,
    company: {
      name: row.companyName,
      address: row.companyAddress,
      kvk: row.companyKvk,
      city: row.companyCity,
      country: row.companyCountry,
      tradenames: row.companyTradenames,
      vat_numbers: row.companyVatNumbers,
      added: row.companyAdded?.toISOString() ?? null,
    },
  };
}

const toAdminSite = (row: SiteRow): AdminSite => ({
  id: row.id,
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
  settings: siteInputOf(row),
});

const toBundle = (row: CreditBundleRow): AdminBundle => ({
  id: row.id,
  site_id: row.siteId,
  currency: row.currency,
  credits: row.credits,
  price_minor: row.priceMinor,
  is_popular: row.isPopular,
  is_active: row.isActive,
  sort_order: row.sortOrder,
});

const toCode = (row: DiscountCodeRow): AdminDiscountCode => ({
  id: row.id,
  site_id: row.siteId,
  code: row.code,
  country: row.country,
  user_id: row.userId,
  expires_at: row.expiresAt?.toISOString() ?? null,
  value_percentage: row.valuePercentage,
  currency: row.currency,
  minimum_order_minor: row.minimumOrderMinor,
  validity: row.validity,
  payment_methods: row.paymentMethods,
  is_welcome: row.isWelcome,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});

type BundleInput = Omit<AdminBundle, 'id' | 'site_id'>;
type CodeInput = Omit<AdminDiscountCode, 'id' | 'site_id' | 'created_at'>;

const bundleRowOf = (input: BundleInput) => ({
  currency: input.currency,
  credits: input.credits,
  priceMinor: input.price_minor,
  isPopular: input.is_popular,
  isActive: input.is_active,
  sortOrder: input.sort_order,
});
const codeRowOf = (input: CodeInput) => ({
  code: input.code.toUpperCase(),
  country: input.country,
  userId: input.user_id,
  expiresAt: input.expires_at ? new Date(input.expires_at) : null,
  valuePercentage: input.value_percentage,
  currency: input.currency,
  minimumOrderMinor: input.minimum_order_minor,
  validity: input.validity,
  paymentMethods: input.payment_methods,
  isWelcome: input.is_welcome,
  status: input.status,
});

export function createAdminSitesService(deps: {
  db: Database;
  bus: Pick<EventBus, 'publish'>;
  onError: (error: unknown, context: string) => void;
}) {
  const { db } = deps;
  const announce = (siteId: number) =>
    deps.bus
      .publish('site.changed', { siteId })
      .catch((error: unknown) => deps.onError(error, 'publishing site.changed'));

  async function requireSite(siteId: number): Promise<SiteRow> {
    const [row] = await db.select().from(sites).where(eq(sites.id, siteId));
    if (!row) throw notFound();
    return row;
  }
  const domainTaken = () =>
    new AppError(409, 'site_domain_taken', undefined, [{ path: 'domain', code: 'site_domain_taken' }]);

  return {
    async list() {
      const rows = await db
        .select({
          id: sites.id,
          domain: sites.domain,
          name: sites.name,
          isDefault: sites.isDefault,
          createdAt: sites.createdAt,
        })
        .from(sites)
        .orderBy(asc(sites.id));
      return {
        sites: rows.map((row) => ({
          id: row.id,
          domain: row.domain,
          name: row.name,
          is_default: row.isDefault,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },

    async get(siteId: number) {
      return { site: toAdminSite(await requireSite(siteId)) };
    },

    async create(actor: AuditActor, input: AdminSiteInput) {
      const row = await db
        .transaction(async (tx) => {
          const created = await insertSite(tx, siteRowOf(input));
          await recordAudit(tx, actor, {
            action: 'site.create',
            targetType: 'site',
            targetId: created!.id,
            before: null,
            after: input,
          });
          return created!;
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? domainTaken() : error;
        });
      await announce(row.id);
      return { site: toAdminSite(row) };
    },

    async update(actor: AuditActor, siteId: number, input: AdminSiteInput) {
      const before = await requireSite(siteId);
      const row = await db
        .transaction(async (tx) => {
          const updated = await updateSite(tx, siteId, siteRowOf(input));
          await recordAudit(tx, actor, {
            action: 'site.update',
            targetType: 'site',
            targetId: siteId,
            before: siteInputOf(before),
            after: input,
          });
          return updated!;
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? domainTaken() : error;
        });
      await announce(siteId);
      return { site: toAdminSite(row) };
    },

    async bundles(siteId: number) {
      await requireSite(siteId);
      const rows = await db
        .select()
        .from(creditBundles)
        .where(eq(creditBundles.siteId, siteId))
        .orderBy(asc(creditBundles.currency), asc(creditBundles.sortOrder), asc(creditBundles.id));
      return { bundles: rows.map(toBundle) };
    },

    async createBundle(actor: AuditActor, siteId: number, input: BundleInput) {
      await requireSite(siteId);
      const row = await db.transaction(async (tx) => {
        const created = await insertBundle(tx, siteId, bundleRowOf(input));
        await recordAudit(tx, actor, {
          action: 'bundle.create',
          targetType: 'bundle',
          targetId: created!.id,
          before: null,
          after: toBundle(created!),
        });
        return created!;
      });
      return { bundle: toBundle(row) };
    },

    async updateBundle(actor: AuditActor, bundleId: number, input: BundleInput) {
      const [before] = await db.select().from(creditBundles).where(eq(creditBundles.id, bundleId));
      if (!before) throw notFound();
      const row = await db.transaction(async (tx) => {
        const updated = await updateBundle(tx, bundleId, bundleRowOf(input));
        await recordAudit(tx, actor, {
          action: 'bundle.update',
          targetType: 'bundle',
          targetId: bundleId,
          before: toBundle(before),
          after: toBundle(updated!),
        });
        return updated!;
      });
      return { bundle: toBundle(row) };
    },

    async discountCodes(siteId: number) {
      await requireSite(siteId);
      const rows = await db
        .select()
        .from(discountCodes)
        .where(eq(discountCodes.siteId, siteId))
        .orderBy(asc(discountCodes.id));
      return { discount_codes: rows.map(toCode) };
    },

    async createDiscountCode(actor: AuditActor, siteId: number, input: CodeInput) {
      await requireSite(siteId);
      const row = await db
        .transaction(async (tx) => {
          const created = await insertDiscountCode(tx, siteId, codeRowOf(input));
          await recordAudit(tx, actor, {
            action: 'discount_code.create',
            targetType: 'discount_code',
            targetId: created!.id,
            before: null,
            after: toCode(created!),
          });
          return created!;
        })
        .catch((error: unknown) => {
          throw discountCodeError(error);
        });
      return { discount_code: toCode(row) };
    },

    async updateDiscountCode(actor: AuditActor, codeId: number, input: CodeInput) {
      const [before] = await db.select().from(discountCodes).where(eq(discountCodes.id, codeId));
      if (!before) throw notFound();
      const row = await db
        .transaction(async (tx) => {
          const updated = await updateDiscountCode(tx, codeId, codeRowOf(input));
          await recordAudit(tx, actor, {
            action: 'discount_code.update',
            targetType: 'discount_code',
            targetId: codeId,
            before: toCode(before),
            after: toCode(updated!),
          });
          return updated!;
        })
        .catch((error: unknown) => {
          throw discountCodeError(error);
        });
      return { discount_code: toCode(row) };
    },
  };
}
export type AdminSitesService = ReturnType<typeof createAdminSitesService>;
