// Suggestions by the member's preferences: the match finder (paged), signup matches, and single picks for auto-like.
import type { SQL } from 'drizzle-orm';
import { MATCH_FINDER_PAGE_SIZE, SIGNUP_MATCHES_COUNT, type MatchFinderResponse, type Suggestion } from '@app/contracts';
import { decodeCursor, encodeCursor, cursorInvalid } from '../profiles/cursor.ts';
import { toProfileCard, type SiteView, type Viewer } from '../profiles/profile-cards.ts';
import { RELEVANCE_CURSOR_TYPES, relevanceCursorValues, relevanceKeyFromCursor, type RelevanceKey } from '../profiles/relevance.ts';
import { LOCATION_TIERS, type LocationTier, type MatchesRepository, type SuggestionPhase, type SuggestionRow } from './matches.repository.ts';

export type SuggestOptions = { requireMainImage?: boolean; excludeLiked?: boolean; where?: SQL };

/**
 * The order of the suggestion phases (docs/search-relevance.md): members with a photo before those
 * without; within each, the member's region, the rest of their country, then other countries.
 */
export function suggestionPhases(viewer: Pick<Viewer, 'country' | 'region'>, requireMainImage = false): SuggestionPhase[] {
  const tiers: LocationTier[] = !viewer.country ? ['all'] : viewer.region ? ['region', 'country', 'other'] : ['country', 'other'];
  return (requireMainImage ? [true] : [true, false]).flatMap((hasPhoto) => tiers.map((tier) => ({ hasPhoto, tier })));
}

type Position = { phase: SuggestionPhase; after: RelevanceKey | null };

export function createMatchesService(deps: { matchesRepository: MatchesRepository; now: () => Date }) {
  const repo = deps.matchesRepository;

  /**
   * Up to `limit` suggestions after the position `from`, phase after phase, so a page that runs out of
   * members near the viewer continues further away. Answers the rows with their phase.
   */
  async function collect(
    viewer: Viewer,
    site: SiteView,
    limit: number,
    from: Position | null,
    options: SuggestOptions,
  ): Promise<{ row: SuggestionRow; phase: SuggestionPhase }[]> {
    const { requireMainImage, ...queryOptions } = options;
    const phases = suggestionPhases(viewer, requireMainImage);
    const start = from ? phases.findIndex((phase) => phase.hasPhoto === from.phase.hasPhoto && phase.tier === from.phase.tier) : 0;
    if (start < 0) throw cursorInvalid();
    const collected: { row: SuggestionRow; phase: SuggestionPhase }[] = [];
    const now = deps.now();
    for (let index = start; index < phases.length && collected.length < limit; index++) {
      const phase = phases[index]!;
      const rows = await repo.pageSuggestions(viewer, {
        phase,
        after: index === start ? (from?.after ?? null) : null,
        limit: limit - collected.length,
        minAge: site.minAge,
        now,
        ...queryOptions,
      });
      collected.push(...rows.map((row) => ({ row, phase })));
    }
    return collected;
  }

  function toSuggestion(row: SuggestionRow, site: SiteView, now: Date): Suggestion {
    return { ...toProfileCard(row, site, now), is_liked: Boolean(row.isLiked), is_liked_by: Boolean(row.isLikedBy) };
  }

  /** The finder's cursor: the last row's location tier and relevance key (its photo flag names the phase). */
  function decodeFinderCursor(cursor: string): Position {
    const [tier, ...key] = decodeCursor('finder', cursor, `s${RELEVANCE_CURSOR_TYPES}`);
    if (!LOCATION_TIERS.includes(tier as LocationTier)) throw cursorInvalid();
    const after = relevanceKeyFromCursor(key);
    return { phase: { hasPhoto: after.hasPhoto, tier: tier as LocationTier }, after };
  }

  return {
    /** GET /api/match-finder.php: suitable members (liked ones included, with their like state), in the suggestion order. */
    async findMatches(viewer: Viewer, site: SiteView, cursor?: string): Promise<MatchFinderResponse> {
      const from = cursor ? decodeFinderCursor(cursor) : null;
      const collected = await collect(viewer, site, MATCH_FINDER_PAGE_SIZE + 1, from, {});
      const page = collected.slice(0, MATCH_FINDER_PAGE_SIZE);
      const last = page.at(-1);
      const now = deps.now();
      return {
        profiles: page.map(({ row }) => toSuggestion(row, site, now)),
        next_cursor:
          collected.length > MATCH_FINDER_PAGE_SIZE && last ? encodeCursor('finder', [last.phase.tier, ...relevanceCursorValues(last.row)]) : null,
      };
    },

    /** GET /api/signup-matches.php: a first set of suitable members with a photo, not liked yet. */
    async findSignupMatches(viewer: Viewer, site: SiteView): Promise<Suggestion[]> {
      const collected = await collect(viewer, site, SIGNUP_MATCHES_COUNT, null, { requireMainImage: true, excludeLiked: true });
      const now = deps.now();
      return collected.map(({ row }) => toSuggestion(row, site, now));
    },

    /** Suitable members for a caller with its own rules (the swipe game's candidates, auto-like's pick). */
    async suggest(viewer: Viewer, site: SiteView, limit: number, options: SuggestOptions): Promise<SuggestionRow[]> {
      return (await collect(viewer, site, limit, null, options)).map(({ row }) => row);
    },
  };
}
export type MatchesService = ReturnType<typeof createMatchesService>;
