// Staff on white-label sites: create and edit every Settings field (SPEC 3), credit bundles per site and currency,
// discount codes. A change reaches every instance at once: the outbox's `site.changed`, committed with the change, clears
// each instance's site resolver and page caches.
import {
  SITE_COMPANY_FIELDS,
  SITE_SETTINGS,
  type AdminBundle,
  type AdminDiscountCode,
  type AdminSite,
  type AdminSiteInput,
  type SiteSettingColumn,
} from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { type CreditBundleRow, type DiscountCodeRow, type SiteRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import {
  findBundle,
  findDiscountCode,
  insertBundle,
  insertDiscountCode,
  listSiteBundles,
  listSiteDiscountCodes,
  updateBundle,
  updateDiscountCode,
} from '../payments/index.ts';
import { findSite, insertSite, listSites, updateSite, type SiteSettingsRow } from '../sites/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';

/** A code taken on the site, or a personal code for an account that does not exist: the staff member's input, not a 500. */
function discountCodeError(error: unknown): unknown {
  if (isUniqueViolation(error))
    return new AppError(409, 'discount_code_taken', undefined, [{ path: 'code', code: 'discount_code_taken' }]);
  if (isForeignKeyViolation(error))
    return new AppError(400, 'validation_failed', undefined, [{ path: 'user_id', code: 'profile_not_found' }]);
  return error;
}

// The settings table (contracts' site-settings.ts) maps each setting to its column; the compiler holds the two to the
// sites table: a stored column no setting names, or a setting naming no column, fails here.
type Unmapped = Exclude<keyof SiteSettingsRow, SiteSettingColumn> | Exclude<SiteSettingColumn, keyof SiteSettingsRow>;
const everyColumnMapped: [Unmapped] extends [never] ? true : Unmapped = true;
void everyColumnMapped;

const storedSettings = Object.entries(SITE_SETTINGS).flatMap(([key, field]) =>
  field.column === null ? [] : [{ key, column: field.column }],
);
const companyFields = Object.entries(SITE_COMPANY_FIELDS).map(([key, field]) => ({
  key,
  column: field.column,
  isTimestamp: 'isTimestamp' in field,
}));

/** The row of the settings staff entered (`terms_version` is not stored). */
export function siteRowOf(input: AdminSiteInput): SiteSettingsRow {
  const values = input as unknown as Record<string, unknown>;
  const company = input.company as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const { key, column } of storedSettings) row[column] = values[key];
  for (const { key, column, isTimestamp } of companyFields)
    row[column] = isTimestamp && company[key] ? new Date(company[key] as string) : (company[key] ?? null);
  return row as SiteSettingsRow;
}

/** The stored settings of a site in the input's shape (what the console's form edits). */
export function siteInputOf(row: SiteRow): AdminSiteInput {
  const columns = row as unknown as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  for (const { key, column } of storedSettings) input[key] = columns[column];
  const company: Record<string, unknown> = {};
  for (const { key, column, isTimestamp } of companyFields)
    company[key] = isTimestamp ? ((columns[column] as Date | null)?.toISOString() ?? null) : columns[column];
  input.company = company;
  return input as AdminSiteInput;
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

export function createAdminSitesService(deps: { db: Database; outbox: Pick<Outbox, 'transaction'> }) {
  const { db } = deps;

  async function requireSite(siteId: number): Promise<SiteRow> {
    const row = await findSite(db, siteId);
    if (!row) throw notFound();
    return row;
  }
  const domainTaken = () =>
    new AppError(409, 'site_domain_taken', undefined, [{ path: 'domain', code: 'site_domain_taken' }]);

  return {
    async list() {
      const rows = await listSites(db);
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
      const row = await deps.outbox
        .transaction(async (tx, effects) => {
          const created = await insertSite(tx, siteRowOf(input));
          // Every instance forgets its cached sites and pages once this commits.
          await effects.emit('site.changed', { siteId: created!.id });
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
      return { site: toAdminSite(row) };
    },

    async update(actor: AuditActor, siteId: number, input: AdminSiteInput) {
      const before = await requireSite(siteId);
      const row = await deps.outbox
        .transaction(async (tx, effects) => {
          const updated = await updateSite(tx, siteId, siteRowOf(input));
          await effects.emit('site.changed', { siteId });
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
      return { site: toAdminSite(row) };
    },

    async bundles(siteId: number) {
      await requireSite(siteId);
      const rows = await listSiteBundles(db, siteId);
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
      const before = await findBundle(db, bundleId);
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
      const rows = await listSiteDiscountCodes(db, siteId);
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
      const before = await findDiscountCode(db, codeId);
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
