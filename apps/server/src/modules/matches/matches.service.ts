// Suggestions by the member's preferences: the match finder (paged), signup matches, and single picks for auto-like.
import {
  MATCH_FINDER_PAGE_SIZE,
  SIGNUP_MATCHES_COUNT,
  type MatchFinderResponse,
  type Suggestion,
} from '@app/contracts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { nearestFirst, townPosition, type Locate } from '../../lib/nearest.ts';
import { toProfileCard, type SiteView, type Viewer } from '../member-core/index.ts';
import {
  POSITION_CURSOR_TYPES,
  positionCursorValues,
  positionFromCursor,
  readPhases,
  relevancePhases,
  type RelevancePhase,
  type RelevancePosition,
} from '../member-core/index.ts';
import type { MatchesRepository, SuggestionRow } from './matches.repository.ts';

export type SuggestOptions = { requireMainImage?: boolean; excludeLiked?: boolean; excludeSwiped?: boolean };

/**
 * Signup matches read this many of the most relevant suitable members near the member's region and country, and show
 * the nearest of them to the member's town (docs/search-relevance.md, "Distance").
 */
export const SIGNUP_MATCHES_CANDIDATES = 4 * SIGNUP_MATCHES_COUNT;

export function createMatchesService(deps: {
  matchesRepository: MatchesRepository;
  cursors: CursorCodec;
  locate: Locate;
  now: () => Date;
}) {
  const repo = deps.matchesRepository;
  const { locate } = deps;

  /**
   * Up to `limit` suggestions after the position `from`, in the phases of docs/search-relevance.md (photo
   * first, then the member's region, country, elsewhere), so a page that runs out of members near the
   * viewer continues further away. Answers the rows with their phase.
   */
  async function collect(
    viewer: Viewer,
    site: SiteView,
    limit: number,
    from: RelevancePosition | null,
    options: SuggestOptions,
  ): Promise<{ row: SuggestionRow; phase: RelevancePhase }[]> {
    const { requireMainImage, ...queryOptions } = options;
    const now = deps.now();
    return readPhases(relevancePhases(viewer, { requireMainImage }), from, limit, (phase, after, remaining) =>
      repo.pageSuggestions(viewer, { phase, after, limit: remaining, minAge: site.minAge, now, ...queryOptions }),
    );
  }

  function toSuggestion(row: SuggestionRow, site: SiteView, now: Date): Suggestion {
    return { ...toProfileCard(row, site, now), is_liked: Boolean(row.isLiked), is_liked_by: Boolean(row.isLikedBy) };
  }

  return {
    /** GET /api/match-finder.php: suitable members (liked ones included, with their like state), in the suggestion order. */
    async findMatches(viewer: Viewer, site: SiteView, cursor?: string): Promise<MatchFinderResponse> {
      // The cursor: the last row's location tier and relevance key.
      const from = cursor ? positionFromCursor(deps.cursors.decode('finder', cursor, POSITION_CURSOR_TYPES)) : null;
      const collected = await collect(viewer, site, MATCH_FINDER_PAGE_SIZE + 1, from, {});
      const page = collected.slice(0, MATCH_FINDER_PAGE_SIZE);
      const last = page.at(-1);
      const now = deps.now();
      return {
        profiles: page.map(({ row }) => toSuggestion(row, site, now)),
        next_cursor:
          collected.length > MATCH_FINDER_PAGE_SIZE && last
            ? deps.cursors.encode('finder', positionCursorValues(last.phase.tier, last.row))
            : null,
      };
    },

    /** GET /api/signup-matches.php: a first set of suitable members with a photo, not liked yet. */
    async findSignupMatches(viewer: Viewer, site: SiteView): Promise<Suggestion[]> {
      const origin = townPosition(locate, viewer);
      const collected = await collect(viewer, site, origin ? SIGNUP_MATCHES_CANDIDATES : SIGNUP_MATCHES_COUNT, null, {
        requireMainImage: true,
        excludeLiked: true,
      });
      const nearest = nearestFirst(collected, origin, ({ row }) => townPosition(locate, row)).slice(
        0,
        SIGNUP_MATCHES_COUNT,
      );
      const now = deps.now();
      return nearest.map(({ row }) => toSuggestion(row, site, now));
    },

    /** Suitable members for a caller with its own rules (the swipe game's candidates, auto-like's pick). */
    async suggest(viewer: Viewer, site: SiteView, limit: number, options: SuggestOptions): Promise<SuggestionRow[]> {
      return (await collect(viewer, site, limit, null, options)).map(({ row }) => row);
    },
  };
}
export type MatchesService = ReturnType<typeof createMatchesService>;
