// likes.php: its entity tag from the likes version, and the overview of members liked and likers.
import { type LikesResponse } from '@app/contracts';
import { entityTag } from '../../lib/conditional-get.ts';
import { toProfileCard, type SiteView, type Viewer } from '../member-core/index.ts';
import type { LikesDeps } from './likes-deps.ts';

/** likes.php lists at most this many liked members and likers; the paged lists go further. */
const OVERVIEW_LIMIT = 500;
/**
 * The cards in likes.php also show what the likes do not version (online state, a new photo, a member who left):
 * a poll answers from the client's copy for at most this long when no like or block changed (docs/member-view.md).
 */
export const OVERVIEW_REFRESH_MS = 5 * 60 * 1000;

export function createLikesOverview(deps: Pick<LikesDeps, 'likesRepository' | 'pollVersions' | 'now'>) {
  const repo = deps.likesRepository;
  return {
    /**
     * The entity tag of the likes.php answer: the member's likes and blocks version, the site's card settings and
     * the current OVERVIEW_REFRESH_MS window. One small indexed query; the answer itself is not built.
     */
    async overviewTag(viewer: Pick<Viewer, 'profileId'>, site: SiteView): Promise<string> {
      const window = Math.floor(deps.now().getTime() / OVERVIEW_REFRESH_MS);
      const version = await deps.pollVersions.read('likes', viewer.profileId, window, () =>
        repo.findOverviewVersion(viewer.profileId),
      );
      return entityTag([
        'likes',
        viewer.profileId,
        version,
        window,
        site.id,
        site.cdnPrefix,
        site.visibleProfileFields,
        site.minAge,
      ]);
    },

    /** GET /api/likes.php: the members liked (newest first) and the likers (new likes first). */
    async getOverview(viewer: Pick<Viewer, 'profileId' | 'siteId'>, site: SiteView): Promise<LikesResponse> {
      const now = deps.now();
      const { liked, likedBy } = await repo.readOverview(
        viewer.siteId,
        viewer.profileId,
        OVERVIEW_LIMIT,
        OVERVIEW_LIMIT * 2,
      );
      return {
        profiles: liked.map((row) => toProfileCard(row, site, now)),
        liked_by: likedBy.map((row) => ({ id: row.id, like_new: row.isNew })),
      };
    },
  };
}
