// Match moments (the matches a member has not seen) and whom to suggest liking.
import { MATCH_MOMENTS_LIMIT, type MatchMomentsResponse } from '@app/contracts';
import { toProfileCard, type CardRow, type SiteView, type Viewer } from '../member-core/index.ts';
import type { LikesDeps } from './likes-deps.ts';

export function createMatchMoments(deps: Pick<LikesDeps, 'likesRepository' | 'now'>) {
  const repo = deps.likesRepository;
  return {
    /**
     * GET /api/match-moments.php: the matches whose moment the member has not seen (the other member's like made them
     * while they were away, or on another tab), newest first, at most MATCH_MOMENTS_LIMIT.
     */
    async matchMoments(viewer: Pick<Viewer, 'profileId' | 'siteId'>, site: SiteView): Promise<MatchMomentsResponse> {
      const now = deps.now();
      const rows = await repo.listUnseenMatches(viewer.siteId, viewer.profileId, MATCH_MOMENTS_LIMIT);
      return {
        moments: rows.map((row) => ({
          profile: toProfileCard(row, site, now),
          matched_at: row.matchedAt.toISOString(),
        })),
      };
    },

    /** POST /api/match-moments.php: the member saw the moment (once; again is fine). */
    async matchMomentSeen(viewer: Pick<Viewer, 'profileId'>, otherId: number): Promise<{ seen: true }> {
      await repo.markMatchSeen(viewer.profileId, otherId, deps.now());
      return { seen: true };
    },

    findUnansweredLiker(viewer: Pick<Viewer, 'profileId' | 'siteId'>): Promise<CardRow | undefined> {
      return repo.findUnansweredLiker(viewer.siteId, viewer.profileId);
    },

    /** For visitors: the most relevant member with a photo, from the visitor's GeoIP country when it has one (docs/search-relevance.md). */
    async findRelevantWithPhoto(siteId: number, visitorCountry: string | null): Promise<CardRow | undefined> {
      return (
        (visitorCountry ? await repo.findRelevantWithPhoto(siteId, visitorCountry) : undefined) ??
        repo.findRelevantWithPhoto(siteId, null)
      );
    },
  };
}
