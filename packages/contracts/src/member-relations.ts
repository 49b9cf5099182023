// Members with each other: likes and matches, blocking, the swipe game and the match finder. Profiles, photos and
// search are in members.ts. Every zod message below is an error code: a key of the `errors` i18n namespace.
import { z } from 'zod';
import { cursorSchema, imageSchema, profileCardSchema, rowIdSchema } from './members.ts';
import { LIKE_LIST_TYPES } from './web-routes.ts';

// ---------------------------------------------------------------------------------------------
// Likes: POST / DELETE /api/like.php, GET /api/likes.php, /api/likes-list.php, /api/likes-member.php, /api/auto-like.php
// ---------------------------------------------------------------------------------------------

/** The match moments answered at most at once (docs/members.md, "The match moment"). */
export const MATCH_MOMENTS_LIMIT = 5;
/** GET /api/match-moments.php: matches whose moment the member has not seen yet, newest first. */
export const matchMomentsResponseSchema = z.object({
  moments: z.array(z.object({ profile: profileCardSchema, matched_at: z.string() })),
});
export type MatchMomentsResponse = z.infer<typeof matchMomentsResponseSchema>;
export const matchMomentSeenResponseSchema = z.object({ seen: z.literal(true) });

export const likeResponseSchema = z.object({
  is_liked: z.boolean(),
  /** Both like each other. */
  is_match: z.boolean(),
  /** This like made the match: show the "It's a match" modal. */
  is_new_match: z.boolean(),
});
export type LikeResponse = z.infer<typeof likeResponseSchema>;

/** SPEC section 3: a liked-by entry. */
export const likedByEntrySchema = z.object({ id: z.number().int(), like_new: z.boolean() });
export type LikedByEntry = z.infer<typeof likedByEntrySchema>;

/** GET /api/likes.php (SPEC section 7): the members the member likes (newest first) and who likes the member (new likes first). */
export const likesResponseSchema = z.object({
  profiles: z.array(profileCardSchema),
  liked_by: z.array(likedByEntrySchema),
});
export type LikesResponse = z.infer<typeof likesResponseSchema>;

export const likesListQuerySchema = z.object({ type: z.enum(LIKE_LIST_TYPES), cursor: cursorSchema.optional() });
export const likeListItemSchema = profileCardSchema.extend({
  /** liked-by: not seen yet (opening the profile clears it). Always false for the other lists. */
  like_new: z.boolean(),
  /** When the like (or for matches, the match) happened, ISO 8601. */
  created_at: z.string(),
});
export type LikeListItem = z.infer<typeof likeListItemSchema>;
/** GET /api/likes-list.php?type=liked|liked-by|matches: one page; liked-by lists new likes first. */
export const likesListResponseSchema = z.object({
  profiles: z.array(likeListItemSchema),
  next_cursor: z.string().nullable(),
});
export type LikesListResponse = z.infer<typeof likesListResponseSchema>;

/** GET /api/likes-member.php?id= : the likes between the member and one other member (/likes/m/{id}); clears like_new. */
export const likesMemberResponseSchema = z.object({
  profile: profileCardSchema,
  is_liked: z.boolean(),
  is_liked_by: z.boolean(),
  is_match: z.boolean(),
  liked_at: z.string().nullable(),
  liked_by_at: z.string().nullable(),
  matched_at: z.string().nullable(),
});
export type LikesMemberResponse = z.infer<typeof likesMemberResponseSchema>;

/** GET /api/auto-like.php (SPEC section 7): a profile for the like modal. */
export const autoLikeResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  main_image: imageSchema.nullable(),
});
export type AutoLikeResponse = z.infer<typeof autoLikeResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Blocking: POST / DELETE /api/block.php, GET /api/blocks.php
// ---------------------------------------------------------------------------------------------

export const blockResponseSchema = z.object({ is_blocked: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponseSchema>;
export const blocksResponseSchema = z.object({ profiles: z.array(profileCardSchema) });
export type BlocksResponse = z.infer<typeof blocksResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Swipe game: GET / POST /api/swipe.php
// ---------------------------------------------------------------------------------------------

export const SWIPE_ACTIONS = ['like', 'skip'] as const;
export const swipeRequestSchema = z.object({ id: rowIdSchema, action: z.enum(SWIPE_ACTIONS) });
export type SwipeRequest = z.infer<typeof swipeRequestSchema>;
const swipeStateFields = {
  /** Likes left today (SWIPE_LIKES_PER_DAY a day). */
  likes_left: z.number().int(),
  /** When the next day starts (UTC midnight), ISO 8601: when likes_left is 0, the game waits until then. */
  resets_at: z.string(),
};
export const swipeResponseSchema = z.object({ profiles: z.array(profileCardSchema), ...swipeStateFields });
export type SwipeResponse = z.infer<typeof swipeResponseSchema>;
export const swipeActionResponseSchema = z.object({
  ...swipeStateFields,
  is_match: z.boolean(),
  is_new_match: z.boolean(),
});
export type SwipeActionResponse = z.infer<typeof swipeActionResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Match finder and signup matches: GET /api/match-finder.php, GET /api/signup-matches.php
// ---------------------------------------------------------------------------------------------

/** A suggestion with its like-button state: liked by the member already, or a member who likes the member (like back). */
export const suggestionSchema = profileCardSchema.extend({ is_liked: z.boolean(), is_liked_by: z.boolean() });
export type Suggestion = z.infer<typeof suggestionSchema>;
export const matchFinderQuerySchema = z.object({ cursor: cursorSchema.optional() });
export const matchFinderResponseSchema = z.object({
  profiles: z.array(suggestionSchema),
  next_cursor: z.string().nullable(),
});
export type MatchFinderResponse = z.infer<typeof matchFinderResponseSchema>;
export const signupMatchesResponseSchema = z.object({ profiles: z.array(suggestionSchema) });
export type SignupMatchesResponse = z.infer<typeof signupMatchesResponseSchema>;
