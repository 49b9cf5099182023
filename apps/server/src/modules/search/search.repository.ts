// The member search query: one statement per page (every phase it may need, the first prompts and, on a first page,
// what the count needs), built once per shape of filters and run as a prepared statement (docs/prepared-statements.md).
import { and, eq, fillPlaceholders, inArray, isNotNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ProfileGender, ProfilePrompt } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { statementName } from '../../db/named-statements.ts';
import { profiles } from '../../db/schema/index.ts';
import {
  birthDateCutoff,
  blockedIdsOf,
  cardColumns,
  cardJsonOf,
  cardOfJson,
  isBornBetween,
  isListed,
  isNotBlockedWith,
  isShownTo,
  mainPhoto,
  mainPhotoJoin,
  type CardJson,
  type CardRow,
} from '../member-core/index.ts';
import {
  isAfterRelevance,
  isInPhase,
  phaseIndexOf,
  relevanceOrder,
  type Place,
  type RelevanceKey,
  type RelevancePhase,
  type RelevancePosition,
} from '../member-core/index.ts';

/** A result row: the card, its place in the relevance order and, where asked for, its first prompt. */
export type SearchRow = CardRow & RelevanceKey & { prompt: ProfilePrompt | null };

export type SearchCriteria = {
  siteId: number;
  /** The searching member's profile (left out, and blocks both ways apply); null for visitors. */
  viewerProfileId: number | null;
  /** The searcher's own gender: a profile's "Show me" must show it (null: a visitor, or not known). */
  shownTo?: ProfileGender | null;
  gender: 'male' | 'female' | null;
  country: string | null;
  region: string | null;
  minAge: number;
  maxAge: number;
  /** Only members staff verified (profiles.verified_at set). */
  verifiedOnly?: boolean;
  now: Date;
  /** Profiles to leave out (similar results leave out the main results). */
  excludeIds?: number[];
  /** The place the pages are read near (phases by location tier), null for plain relevance order. */
  near: Place | null;
};

export type PageOptions = {
  /**
   * A first page's count, in two parts. 'matches': who matches the filters whoever searches (the same for every
   * searcher with these filters, so the service keeps it a while), counted no further than `countLimit`, and who of
   * them this searcher does not see (themselves, blocks both ways, `excludeIds`); 'hidden': only the latter.
   */
  count?: 'matches' | 'hidden';
  countLimit?: number;
  /** Read each result's first prompt (members' results). */
  withPrompts?: boolean;
};

export type SearchPage = {
  rows: { row: SearchRow; phase: RelevancePhase }[];
  /** Who matches the filters whoever searches, up to `countLimit`; null when not counted. */
  matches: number | null;
  /** Who of them the searcher does not see; null when not counted. */
  hidden: number | null;
};

/** Statement shapes kept built per repository; a search of another shape beyond these is built for its request. */
export const MAX_PAGE_STATEMENTS = 500;

/** What a page statement's SQL depends on; the values are its placeholders. */
type SearchShape = {
  gender: boolean;
  shownTo: ProfileGender | null;
  country: boolean;
  region: boolean;
  verifiedOnly: boolean;
  viewer: boolean;
  excluded: number;
  near: 'none' | 'country' | 'region';
  /** The phases read, in order, from the one a cursor names (or the first). */
  phases: RelevancePhase[];
  after: boolean;
  count: 'none' | 'matches' | 'hidden';
  prompts: boolean;
};

const placeholder = sql.placeholder;

function shapeOf(
  criteria: SearchCriteria,
  phases: RelevancePhase[],
  after: boolean,
  options: PageOptions,
): SearchShape {
  return {
    gender: criteria.gender !== null,
    shownTo: criteria.shownTo ?? null,
    country: criteria.country !== null,
    region: criteria.country !== null && criteria.region !== null,
    verifiedOnly: Boolean(criteria.verifiedOnly),
    viewer: criteria.viewerProfileId !== null,
    excluded: criteria.excludeIds?.length ?? 0,
    near: criteria.near?.country ? (criteria.near.region ? 'region' : 'country') : 'none',
    phases,
    after,
    count: options.count ?? 'none',
    prompts: Boolean(options.withPrompts),
  };
}

/** The values of a statement's placeholders. */
function valuesOf(criteria: SearchCriteria, after: RelevanceKey | null, limit: number, options: PageOptions) {
  const values: Record<string, unknown> = {
    siteId: criteria.siteId,
    gender: criteria.gender,
    country: criteria.country,
    region: criteria.region,
    bornLatest: birthDateCutoff(criteria.now, criteria.minAge),
    bornBefore: birthDateCutoff(criteria.now, criteria.maxAge + 1),
    viewer: criteria.viewerProfileId,
    nearCountry: criteria.near?.country,
    nearRegion: criteria.near?.region,
    afterHasPhoto: after?.hasPhoto,
    afterDay: after?.lastActiveDay,
    afterId: after?.id,
    limit,
    countLimit: options.countLimit,
  };
  criteria.excludeIds?.forEach((id, index) => (values[`x${index}`] = id));
  return values;
}

/** Who matches the filters of a shape, whoever searches (placeholders for the values). */
function sharedMatchingOf(shape: SearchShape): SQL | undefined {
  return and(
    isListed(placeholder('siteId')),
    shape.gender ? eq(profiles.gender, placeholder('gender')) : undefined,
    shape.shownTo ? isShownTo(shape.shownTo) : undefined,
    shape.country ? eq(profiles.country, placeholder('country')) : undefined,
    shape.region ? eq(profiles.region, placeholder('region')) : undefined,
    isBornBetween(placeholder('bornLatest'), placeholder('bornBefore')),
    shape.verifiedOnly ? isNotNull(profiles.verifiedAt) : undefined,
  );
}

/** The placeholders of a shape's excluded ids (`x0`, `x1`, ...). */
const excludedOf = (shape: SearchShape) =>
  Array.from({ length: shape.excluded }, (_, index) => placeholder(`x${index}`));

/** Who matches the filters of a shape (`shared`: `sharedMatchingOf`) and is shown to this searcher. */
function matchingOf(shape: SearchShape, shared = sharedMatchingOf(shape)): SQL | undefined {
  return and(
    shared,
    shape.viewer ? ne(profiles.id, placeholder('viewer')) : undefined,
    shape.viewer ? isNotBlockedWith(placeholder('viewer')) : undefined,
    shape.excluded ? notInArray(profiles.id, excludedOf(shape)) : undefined,
  );
}

/** SQL: an array of the profiles a shape's searcher does not see (themselves, blocks, excluded ids); null for none. */
function hiddenIdsOf(shape: SearchShape): SQL | null {
  const parts = [
    ...(shape.viewer ? [sql`array[${placeholder('viewer')}]::int[]`, blockedIdsOf(placeholder('viewer'))] : []),
    ...(shape.excluded ? [sql`array[${sql.join(excludedOf(shape), sql`, `)}]::int[]`] : []),
  ];
  return parts.length ? sql.join(parts, sql` || `) : null;
}

/** A result row as the page statement sends it: the card (`cardJsonOf`), its relevance key, first prompt and phase. */
type PageItem = [card: CardJson, hasPhoto: boolean, lastActiveDay: string, prompt: ProfilePrompt | null, phase: number];

/**
 * The page statement of a shape: each phase's keyset read (its own search index, in relevance order, at most `limit`
 * rows), the phases joined by UNION ALL and the whole cut at `limit`. PostgreSQL runs the branches of an Append in
 * order and the outer LIMIT stops it, so a later phase is read only when the earlier ones ran out, as the separate
 * queries did before; each row says which phase it came from (the cursor names it). The rows come as one JSON array
 * (`json_agg` keeps the Append's order: nothing else happens at its level), parsed natively by the app instead of
 * field by field (issue 27). The capped count parts are uncorrelated subqueries: InitPlans, each run once.
 */
function buildPage(db: Executor, shape: SearchShape) {
  const shared = sharedMatchingOf(shape);
  const matching = matchingOf(shape, shared);
  const place =
    shape.near === 'none'
      ? null
      : { country: placeholder('nearCountry'), region: shape.near === 'region' ? placeholder('nearRegion') : null };
  const branches = shape.phases.map((phase, index) =>
    db
      .select({
        item: sql<PageItem>`json_build_array(${cardJsonOf}, ${profiles.hasPhoto}, ${profiles.lastActiveDay}, ${
          shape.prompts ? sql`${profiles.prompts} -> 0` : sql`null::jsonb`
        }, ${sql.raw(String(index))})`.as('item'),
      })
      .from(profiles)
      .leftJoin(mainPhoto, mainPhotoJoin)
      .where(
        and(
          matching,
          isInPhase(place, phase),
          index === 0 && shape.after
            ? isAfterRelevance({
                hasPhoto: placeholder('afterHasPhoto'),
                lastActiveDay: placeholder('afterDay'),
                id: placeholder('afterId'),
              })
            : undefined,
        ),
      )
      .orderBy(...relevanceOrder)
      .limit(placeholder('limit')),
  );
  const [first, ...rest] = branches;
  if (!first) throw new Error('a search page reads at least one phase');
  type Branch = typeof first;
  const union = rest.reduce<Branch>((all, branch) => all.unionAll(branch) as unknown as Branch, first).as('phases');
  const page = db.select({ item: union.item }).from(union).limit(placeholder('limit')).as('page');
  const hiddenIds = hiddenIdsOf(shape);
  const matches =
    shape.count === 'matches'
      ? sql<number>`(select count(*)::int from (${db
          .select({ id: profiles.id })
          .from(profiles)
          .where(shared)
          .limit(placeholder('countLimit'))}) matching)`
      : sql<number | null>`null::int`;
  const hidden =
    shape.count === 'none'
      ? sql<number | null>`null::int`
      : hiddenIds
        ? sql<number>`(select count(*)::int from ${profiles} where ${and(shared, sql`${profiles.id} = any(${hiddenIds})`)})`
        : sql<number>`0`;
  return db
    .select({
      items: sql<PageItem[]>`coalesce(json_agg(${page.item}), '[]')`,
      matches: matches.as('matches'),
      hidden: hidden.as('hidden'),
    })
    .from(page);
}

type PageQuery = ReturnType<typeof buildPage>;
type PreparedPage = ReturnType<PageQuery['prepare']>;

/** The statement of a page's shape, its values, and the phases it reads. */
function statementOf(
  criteria: SearchCriteria,
  phases: RelevancePhase[],
  from: RelevancePosition | null,
  limit: number,
  options: PageOptions,
) {
  const read = phases.slice(phaseIndexOf(phases, from));
  const shape = shapeOf(criteria, read, from !== null, options);
  return { shape, read, values: valuesOf(criteria, from?.after ?? null, limit, options) };
}

/** `sql` with its values written in as literals (what `EXPLAIN` runs as the app's statement). */
function inlineValues(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, position: string) => {
    const value = params[Number(position) - 1];
    return typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** Pages of search results: read through one prepared statement per shape, or shown as SQL. */
function createSearchPagesRepository(db: Executor) {
  /**
   * The prepared statements of each database client. `db` may be `app.readDb`, which is the replica or the primary
   * as each request is routed: a statement prepared on one is kept for that one only.
   */
  const prepared = new WeakMap<object, Map<string, PreparedPage>>();

  return {
    /**
     * Up to `limit` rows after `from`, phase after phase (docs/search-relevance.md), in one statement; a first page
     * also brings its count's parts (`options.count`). A position that names no phase of this list is `cursor_invalid`.
     */
    async readPage(
      criteria: SearchCriteria,
      phases: RelevancePhase[],
      from: RelevancePosition | null,
      limit: number,
      options: PageOptions = {},
    ): Promise<SearchPage> {
      const { shape, read, values } = statementOf(criteria, phases, from, limit, options);
      const key = JSON.stringify(shape);
      const client = (db as unknown as { $client: object }).$client;
      let statements = prepared.get(client);
      if (!statements) prepared.set(client, (statements = new Map()));
      let statement = statements.get(key);
      if (!statement) {
        statement = buildPage(db, shape).prepare(`search_${statementName(key)}`);
        if (statements.size < MAX_PAGE_STATEMENTS) statements.set(key, statement);
      }
      const [result] = await statement.execute(values);
      const counted = (value: number | null | undefined) => (shape.count === 'none' ? null : (value ?? 0));
      return {
        rows: (result?.items ?? []).map(([card, hasPhoto, lastActiveDay, prompt, phase]) => ({
          row: { ...cardOfJson(card), hasPhoto, lastActiveDay, prompt },
          phase: read[phase]!,
        })),
        matches: shape.count === 'matches' ? counted(result?.matches) : null,
        hidden: counted(result?.hidden),
      };
    },

    /**
     * A page's SQL with its values (the benchmark and the index test explain it), and `inlined`: the same with the
     * values written in as literals, which `EXPLAIN` runs as the app's statement.
     */
    pageSql(
      criteria: SearchCriteria,
      phases: RelevancePhase[],
      from: RelevancePosition | null,
      limit: number,
      options: PageOptions = {},
    ): { sql: string; params: unknown[]; inlined: string } {
      const { shape, values } = statementOf(criteria, phases, from, limit, options);
      const query = buildPage(db, shape).toSQL();
      const params = fillPlaceholders(query.params, values);
      return { sql: query.sql, params, inlined: inlineValues(query.sql, params) };
    },
  };
}

/** Counts (the exact fallback, the home page's) and cards by id. */
function createSearchCountsRepository(db: Executor) {
  return {
    /** How many match and are shown to this searcher, no further than `limit` (exact; the count's rare fallback). */
    async countShown(criteria: SearchCriteria, limit: number): Promise<number> {
      const shape = shapeOf(criteria, [], false, {});
      const [row] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(
          db
            .select({ id: profiles.id })
            .from(profiles)
            .where(matchingOf(shape))
            .limit(placeholder('limit'))
            .as('matching'),
        )
        .prepare(`search_count_${statementName(JSON.stringify(shape))}`)
        .execute(valuesOf(criteria, null, limit, {}));
      return row?.value ?? 0;
    },

    /** The site's listed real members (active, not invisible, not fictional): the home page's count. */
    async countListedMembers(siteId: number): Promise<number> {
      const [row] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(profiles)
        .where(
          and(
            eq(profiles.siteId, siteId),
            eq(profiles.status, 'active'),
            eq(profiles.isInvisible, false),
            eq(profiles.isFictional, false),
          ),
        );
      return row?.value ?? 0;
    },

    /** Primary-key lookup of cards (the search benchmark's baseline). */
    async findCards(ids: number[]): Promise<CardRow[]> {
      if (!ids.length) return [];
      return db.select(cardColumns).from(profiles).leftJoin(mainPhoto, mainPhotoJoin).where(inArray(profiles.id, ids));
    },
  };
}

export function createSearchRepository(db: Executor) {
  return { ...createSearchPagesRepository(db), ...createSearchCountsRepository(db) };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
