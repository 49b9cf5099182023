// Staff on white-label sites: create and edit every Settings field (SPEC 3); credit bundles per site and currency and
// discount codes are site-catalogue.service.ts. A change reaches every instance at once: the outbox's `site.changed`,
// committed with the change, clears each instance's site resolver and page caches.
import {
  SITE_COMPANY_FIELDS,
  SITE_SETTINGS,
  SITE_TEXT_KEYS,
  type SiteTexts,
  type AdminSite,
  type AdminSiteInput,
  type SiteSettingColumn,
} from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { SiteRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import {
  findSite,
  insertSite,
  listSites,
  siteTextValues,
  siteTextsOf,
  updateSite,
  type SiteSettingsRow,
} from '../sites/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createAdminSiteCatalogueService } from './site-catalogue.service.ts';

// The settings table (contracts' site-settings.ts) maps each setting to its column; the compiler holds the two to the
// sites table: a stored column no setting names, or a setting naming no column, fails here.
type Unmapped = Exclude<keyof SiteSettingsRow, SiteSettingColumn> | Exclude<SiteSettingColumn, keyof SiteSettingsRow>;
const everyColumnMapped: [Unmapped] extends [never] ? true : Unmapped = true;
void everyColumnMapped;

/** The settings with a column of their own; the translated texts (`isLocalized`) are kept in `texts`. */
const storedSettings = Object.entries(SITE_SETTINGS).flatMap(([key, field]) =>
  field.column === null || 'isLocalized' in field ? [] : [{ key, column: field.column }],
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
  const texts: SiteTexts = Object.fromEntries(SITE_TEXT_KEYS.map((key) => [key, input[key]]));
  // Also each text's single-value column, for the release before this one while instances roll (docs/settings.md).
  Object.assign(row, siteTextValues(texts, input.domain_language));
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
  // Each text in every language it has (one never written per language: its single value, in the language it was
  // read in).
  Object.assign(input, siteTextsOf(row));
  return input as AdminSiteInput;
}

/** The site of an id, or 404. */
const requireSiteOf =
  (db: Executor) =>
  async (siteId: number): Promise<SiteRow> => {
    const row = await findSite(db, siteId);
    if (!row) throw notFound();
    return row;
  };

const toAdminSite = (row: SiteRow): AdminSite => ({
  id: row.id,
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
  settings: siteInputOf(row),
});

export function createAdminSitesService(deps: { db: Database; outbox: Pick<Outbox, 'transaction'> }) {
  const { db } = deps;
  const requireSite = requireSiteOf(db);
  const domainTaken = () =>
    new AppError(409, 'site_domain_taken', undefined, [{ path: 'domain', code: 'site_domain_taken' }]);

  return {
    // Credit bundles and discount codes per site (site-catalogue.service.ts).
    ...createAdminSiteCatalogueService({ db, requireSite }),

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
  };
}
export type AdminSitesService = ReturnType<typeof createAdminSitesService>;
