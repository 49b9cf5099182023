// Staff on a site's catalogue: credit bundles per site and currency, and discount codes (payments' tables, written
// through payments' catalogue functions), each change audited.
import type { AdminBundle, AdminDiscountCode } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import type { CreditBundleRow, DiscountCodeRow, SiteRow } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
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
import { recordAudit, type AuditActor } from './audit.repository.ts';

/** A code taken on the site, or a personal code for an account that does not exist: the staff member's input, not a 500. */
function discountCodeError(error: unknown): unknown {
  if (isUniqueViolation(error))
    return new AppError(409, 'discount_code_taken', undefined, [{ path: 'code', code: 'discount_code_taken' }]);
  if (isForeignKeyViolation(error))
    return new AppError(400, 'validation_failed', undefined, [{ path: 'user_id', code: 'profile_not_found' }]);
  return error;
}

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

type CatalogueDeps = { db: Database; requireSite: (siteId: number) => Promise<SiteRow> };

export function createAdminSiteCatalogueService(deps: CatalogueDeps) {
  return { ...createBundlesService(deps), ...createDiscountCodesService(deps) };
}

function createBundlesService(deps: CatalogueDeps) {
  const { db, requireSite } = deps;
  return {
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
  };
}

function createDiscountCodesService(deps: CatalogueDeps) {
  const { db, requireSite } = deps;
  return {
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
