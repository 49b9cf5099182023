// Lander experiments (docs/traffic.md, "Lander experiments"): a lander's variants on a site, each showing one of the
// lander designs, with weights. A new visitor is given a variant by weight; a visitor keeps the variant of their first
// touch (the tracking cookie carries it). Read per instance from memory, refreshed every few seconds.
import { and, asc, eq } from 'drizzle-orm';
import { LANDER_NAMES, type AdminExperiment, type LanderName, type LanderVariant } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { landerExperiments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';

/** How long an instance keeps a site's experiments before reading them again. */
const EXPERIMENTS_CACHE_MS = 10_000;

export type ChosenVariant = { key: string; design: LanderName };

const toAdmin = (row: typeof landerExperiments.$inferSelect): AdminExperiment => ({
  site_id: row.siteId,
  lander: row.lander,
  variants: row.variants,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The variant a visit shows: the one the visitor was given at their first touch while it still exists, else one drawn
 * by weight; null when no variant has any weight.
 */
function pickVariant(variants: LanderVariant[], kept: string | undefined, random: () => number): ChosenVariant | null {
  const keptVariant = kept ? variants.find((variant) => variant.key === kept) : undefined;
  if (keptVariant) return { key: keptVariant.key, design: keptVariant.design as LanderName };
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (total <= 0) return null;
  let draw = random() * total;
  for (const variant of variants) {
    draw -= variant.weight;
    if (draw < 0) return { key: variant.key, design: variant.design as LanderName };
  }
  const last = variants[variants.length - 1]!;
  return { key: last.key, design: last.design as LanderName };
}

/** Stores a lander's variants on a site (none: the experiment ends); answers it as stored. */
async function storeVariants(
  deps: { db: Executor; now: () => Date },
  siteId: number,
  lander: string,
  variants: LanderVariant[],
): Promise<AdminExperiment> {
  if (variants.length === 0) {
    await deps.db
      .delete(landerExperiments)
      .where(and(eq(landerExperiments.siteId, siteId), eq(landerExperiments.lander, lander)));
    return { site_id: siteId, lander, variants: [], updated_at: null };
  }
  try {
    const [row] = await deps.db
      .insert(landerExperiments)
      .values({ siteId, lander, variants, updatedAt: deps.now() })
      .onConflictDoUpdate({
        target: [landerExperiments.siteId, landerExperiments.lander],
        set: { variants, updatedAt: deps.now() },
      })
      .returning();
    return toAdmin(row!);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(404, 'site_not_found');
    throw error;
  }
}

export function createLanderExperiments(deps: { db: Executor; now: () => Date; random?: () => number }) {
  const random = deps.random ?? Math.random;
  const cache = new Map<number, { at: number; byLander: Map<string, LanderVariant[]> }>();

  async function variantsOf(siteId: number): Promise<Map<string, LanderVariant[]>> {
    const cached = cache.get(siteId);
    if (cached && performance.now() - cached.at < EXPERIMENTS_CACHE_MS) return cached.byLander;
    const rows = await deps.db.select().from(landerExperiments).where(eq(landerExperiments.siteId, siteId));
    const byLander = new Map(rows.map((row) => [row.lander, row.variants]));
    cache.set(siteId, { at: performance.now(), byLander });
    return byLander;
  }

  return {
    /**
     * The variant a visit of `lander` shows: the one the visitor was given at their first touch while it still exists,
     * else one drawn by weight; null when the lander has no experiment on the site.
     */
    async choose(siteId: number, lander: LanderName, kept: string | undefined): Promise<ChosenVariant | null> {
      const variants = (await variantsOf(siteId)).get(lander);
      return variants?.length ? pickVariant(variants, kept, random) : null;
    },
    async list(siteId?: number): Promise<AdminExperiment[]> {
      const rows = await deps.db
        .select()
        .from(landerExperiments)
        .where(siteId ? eq(landerExperiments.siteId, siteId) : undefined)
        .orderBy(asc(landerExperiments.siteId), asc(landerExperiments.lander));
      return rows.map(toAdmin);
    },
    async find(siteId: number, lander: string): Promise<AdminExperiment | null> {
      const [row] = await deps.db
        .select()
        .from(landerExperiments)
        .where(and(eq(landerExperiments.siteId, siteId), eq(landerExperiments.lander, lander)));
      return row ? toAdmin(row) : null;
    },
    /** Sets a lander's variants on a site (none: the experiment ends); answers it as stored. */
    async set(siteId: number, lander: string, variants: LanderVariant[]): Promise<AdminExperiment> {
      if (!(LANDER_NAMES as readonly string[]).includes(lander)) throw new AppError(404, 'lander_not_found');
      for (const [index, variant] of variants.entries())
        if (!(LANDER_NAMES as readonly string[]).includes(variant.design))
          throw new AppError(400, 'validation_failed', undefined, [
            { path: `variants.${index}.design`, code: 'invalid_value' },
          ]);
      cache.delete(siteId);
      return storeVariants(deps, siteId, lander, variants);
    },
  };
}
export type LanderExperiments = ReturnType<typeof createLanderExperiments>;
