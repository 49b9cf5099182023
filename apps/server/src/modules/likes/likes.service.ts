// Like rules, by use case: like/unlike with matches made exactly once (like-actions.service.ts), the likes overview
// (likes-overview.service.ts) and lists with like_new bookkeeping (likes-lists.service.ts), match moments and
// suggestions (match-moments.service.ts).
import { createLikeActions } from './like-actions.service.ts';
import type { LikesDeps } from './likes-deps.ts';
import { createLikesLists } from './likes-lists.service.ts';
import { createLikesOverview } from './likes-overview.service.ts';
import { createMatchMoments } from './match-moments.service.ts';

export { OVERVIEW_REFRESH_MS } from './likes-overview.service.ts';

export function createLikesService(deps: LikesDeps) {
  return {
    ...createLikeActions(deps),
    ...createLikesLists(deps),
    ...createMatchMoments(deps),
    ...createLikesOverview(deps),
  };
}
export type LikesService = ReturnType<typeof createLikesService>;
