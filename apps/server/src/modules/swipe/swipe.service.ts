// Swipe game rules: candidates (suitable, with a photo, never swiped or liked), like or skip, SWIPE_LIKES_PER_DAY likes per UTC day.
import { SWIPE_BATCH_SIZE, SWIPE_LIKES_PER_DAY, type SwipeActionResponse, type SwipeResponse } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import type { BlocksService } from '../blocks/index.ts';
import type { LikesService } from '../likes/index.ts';
import type { MatchesService } from '../matches/index.ts';
import { toProfileCard, withDistance, type SiteView, type Viewer } from '../member-core/index.ts';
import { townPosition, type Locate } from '../../lib/nearest.ts';
import type { SwipeRepository } from './swipe.repository.ts';

/** The UTC calendar day of `now` (YYYY-MM-DD) and when the next one starts. */
export function swipeDayOf(now: Date): { day: string; resetsAt: Date } {
  const day = now.toISOString().slice(0, 10);
  const resetsAt = new Date(`${day}T00:00:00.000Z`);
  resetsAt.setUTCDate(resetsAt.getUTCDate() + 1);
  return { day, resetsAt };
}

export function createSwipeService(deps: {
  outbox: Pick<Outbox, 'transaction'>;
  swipeRepository: SwipeRepository;
  likes: Pick<LikesService, 'like'>;
  blocks: Pick<BlocksService, 'assertCanInteract'>;
  matches: Pick<MatchesService, 'suggest'>;
  /** Town positions (the geocoder): each card says how far it is (`distance_km`). */
  locate: Locate;
  now: () => Date;
}) {
  const repo = deps.swipeRepository;

  return {
    /** GET /api/swipe.php: the next candidates and today's likes left. */
    async getCandidates(viewer: Viewer, site: SiteView): Promise<SwipeResponse> {
      const now = deps.now();
      const { day, resetsAt } = swipeDayOf(now);
      const [rows, used] = await Promise.all([
        deps.matches.suggest(viewer, site, SWIPE_BATCH_SIZE, {
          requireMainImage: true,
          excludeLiked: true,
          excludeSwiped: true,
        }),
        repo.likesUsed(viewer.profileId, day),
      ]);
      const origin = townPosition(deps.locate, viewer);
      return {
        profiles: await deps.swipeRepository.withFirstPrompts(
          rows.map((row) => withDistance(toProfileCard(row, site, now), row, origin, deps.locate)),
        ),
        likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - used),
        resets_at: resetsAt.toISOString(),
      };
    },

    /**
     * POST /api/swipe.php. A like counts against today's SWIPE_LIKES_PER_DAY (429 `swipe_limit_reached`
     * with `resets_at` after that) and is a normal like (it can make a match); a skip is only remembered.
     */
    async swipe(
      viewer: Viewer,
      target: { id: number; name: string },
      action: 'like' | 'skip',
    ): Promise<SwipeActionResponse> {
      if (target.id === viewer.profileId) throw new AppError(400, 'cannot_like_self');
      const { day, resetsAt } = swipeDayOf(deps.now());
      await deps.blocks.assertCanInteract(viewer, target);
      // An outbox transaction: the like inside it records its announcements there, delivered once this committed.
      return deps.outbox.transaction(async (tx) => {
        let used = await repo.likesUsed(viewer.profileId, day, tx);
        let result = { is_match: false, is_new_match: false };
        if (action === 'like') {
          const counted = await repo.useLike(viewer.profileId, day, SWIPE_LIKES_PER_DAY, tx);
          if (counted === null) throw new AppError(429, 'swipe_limit_reached', { resets_at: resetsAt.toISOString() });
          used = counted;
          const like = await deps.likes.like(viewer, target, tx);
          result = { is_match: like.is_match, is_new_match: like.is_new_match };
        }
        await repo.recordSwipe(viewer.profileId, target.id, action, tx);
        return { ...result, likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - used), resets_at: resetsAt.toISOString() };
      });
    },
  };
}
export type SwipeService = ReturnType<typeof createSwipeService>;
