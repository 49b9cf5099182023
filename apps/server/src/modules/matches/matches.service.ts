// Suggestions by the member's preferences: the match finder (paged), signup matches, and single picks for auto-like.
import type { SQL } from 'drizzle-orm';
import { MATCH_FINDER_PAGE_SIZE, SIGNUP_MATCHES_COUNT, type MatchFinderResponse, type Suggestion } from '@app/contracts';
import { decodeCursor, encodeCursor, cursorInvalid } from '../profiles/cursor.ts';
import { toProfileCard, type SiteView, type Viewer } from '../profiles/profile-cards.ts';
import type { MatchesRepository, SuggestionPhase, SuggestionRow } from './matches.repository.ts';

export type SuggestOptions = { requireMainImage?: boolean; excludeLiked?: boolean; where?: SQL };

const PHASES: SuggestionPhase[] = ['own', 'other', 'all'];

export function createMatchesService(deps: { matchesRepository: MatchesRepository; now: () => Date }) {
  const repo = deps.matchesRepository;

  /**
   * Up to `limit` suggestions after the position `from`: the member's own country first, then the other
   * countries, so a page that runs out of compatriots continues abroad. Answers the rows with their phase.
   */
  async function collect(
    viewer: Viewer,
    site: SiteView,
    limit: number,
    from: { phase: SuggestionPhase; afterId: number | null } | null,
    options: SuggestOptions,
  ): Promise<{ row: SuggestionRow; phase: SuggestionPhase }[]> {
    const phases: SuggestionPhase[] = viewer.country ? ['own', 'other'] : ['all'];
    const start = from ? phases.indexOf(from.phase) : 0;
    if (start < 0) throw cursorInvalid();
    const collected: { row: SuggestionRow; phase: SuggestionPhase }[] = [];
    const now = deps.now();
    for (let index = start; index < phases.length && collected.length < limit; index++) {
      const phase = phases[index]!;
      const rows = await repo.pageSuggestions(viewer, {
        phase,
        afterId: index === start ? (from?.afterId ?? null) : null,
        limit: limit - collected.length,
        minAge: site.minAge,
        now,
        ...options,
      });
      collected.push(...rows.map((row) => ({ row, phase })));
    }
    return collected;
  }

  function toSuggestion(row: SuggestionRow, site: SiteView, now: Date): Suggestion {
    return { ...toProfileCard(row, site, now), is_liked: Boolean(row.isLiked), is_liked_by: Boolean(row.isLikedBy) };
  }

  return {
    /** GET /api/match-finder.php: suitable members (liked ones included, with their like state), newest first per phase. */
    async findMatches(viewer: Viewer, site: SiteView, cursor?: string): Promise<MatchFinderResponse> {
      let from: { phase: SuggestionPhase; afterId: number | null } | null = null;
      if (cursor) {
        const [phase, afterId] = decodeCursor('finder', cursor, 'sn') as [SuggestionPhase, number];
        if (!PHASES.includes(phase)) throw cursorInvalid();
        from = { phase, afterId };
      }
      const collected = await collect(viewer, site, MATCH_FINDER_PAGE_SIZE + 1, from, {});
      const page = collected.slice(0, MATCH_FINDER_PAGE_SIZE);
      const last = page.at(-1);
      const now = deps.now();
      return {
        profiles: page.map(({ row }) => toSuggestion(row, site, now)),
        next_cursor: collected.length > MATCH_FINDER_PAGE_SIZE && last ? encodeCursor('finder', [last.phase, last.row.id]) : null,
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
