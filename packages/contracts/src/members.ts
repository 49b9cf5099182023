// Members: profiles and photos, search and the home page's faces; likes, blocking, the swipe game and the match finder are
// in member-relations.ts.
// Every zod message below is an error code: a key of the `errors` i18n namespace that the web forms and the server share.
import { z } from 'zod';
import {
  ABOUT_ME_MAX_LENGTH,
  GENDERS,
  PROFILE_GENDERS,
  SHOW_ME,
  IMAGE_STATUSES,
  PROFILE_STATUSES,
  SEXUALITIES,
  mainImageSchema,
  usernameSchema,
} from './accounts.ts';
import { MAX_INT4, queryIntSchema } from './input.ts';
import { profilePromptSchema, profilePromptsSchema } from './prompts.ts';

// ---------------------------------------------------------------------------------------------
// Constants (SPEC sections 3 and 9; the rest are decisions written down in docs/members.md)
// ---------------------------------------------------------------------------------------------

export const RELATIONSHIP_STATUSES = [
  'divorced',
  'living_together',
  'married',
  'single',
  'widowed',
  'unmarried',
] as const;
export const BODY_TYPES = ['slim', 'normal', 'fat'] as const;
export const HAIR_COLORS = ['black', 'brown', 'blonde', 'red', 'grey', 'white', 'bald', 'other'] as const;
export const EYE_COLORS = ['blue', 'brown', 'green', 'grey', 'hazel', 'other'] as const;
export const TATTOO_OPTIONS = ['none', 'some', 'many'] as const;
export const SIGNUP_REASONS = ['chat', 'dating', 'relationship', 'friendship', 'casual', 'adventure'] as const;
export type Gender = (typeof GENDERS)[number];
export type ProfileGender = (typeof PROFILE_GENDERS)[number];
export type ShowMe = (typeof SHOW_ME)[number];
export type Sexuality = (typeof SEXUALITIES)[number];

/** SPEC section 9: photos a member may keep. */
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;
/** Photos of another member a free member sees: the main photo and the first public ones, this many in all. */
export const FREE_VIEWER_PHOTOS = 3;
/** Largest upload accepted, in bytes (the error names it in MB). */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTO_MAX_MEGABYTES = PHOTO_MAX_BYTES / 1024 / 1024;
/** Largest image accepted, in pixels (width x height), against decompression bombs; 48 MP phone photos pass. */
/** Photos smaller than this on either side are refused (a main photo must show a face). */
export const PHOTO_MIN_SIDE = 200;
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTO_MAX_MEGAPIXELS = PHOTO_MAX_PIXELS / 1_000_000;
/** What the upload field accepts (HEIC only where the server's image library decodes it). */
export const PHOTO_ACCEPT = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/avif',
] as const;
/** The multipart field name of the file. */
export const PHOTO_FIELD = 'photo';

/** SPEC section 9: likes per day in the swipe game (days are UTC calendar days). */
export const SWIPE_LIKES_PER_DAY = 4;

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;
/** `num_results` counts up to this many; beyond it `is_num_results_capped` is true ("1000+"). */
export const SEARCH_COUNT_CAP = 1000;
export const SEARCH_MAX_AGE = 99;
/** A visitor may load this many search pages; further pages answer `login_required_search`. */
export const VISITOR_SEARCH_PAGES = 5;
export const LIKES_PAGE_SIZE = 24;
export const MATCH_FINDER_PAGE_SIZE = 12;
export const SIGNUP_MATCHES_COUNT = 12;
export const SWIPE_BATCH_SIZE = 10;
export const INTERESTS_MAX = 20;
export const CITY_MAX_LENGTH = 100;

/** Error codes of this feature; each is a key in the `errors` namespace. */
export const MEMBER_ERROR_CODES = [
  'gender_invalid',
  'sexuality_invalid',
  'show_me_invalid',
  'country_invalid',
  'region_invalid',
  'city_too_long',
  'relationship_status_invalid',
  'body_type_invalid',
  'hair_color_invalid',
  'eye_color_invalid',
  'tattoos_invalid',
  'signup_reason_invalid',
  'interests_invalid',
  'interests_max',
  'about_me_too_long',
  'photo_required',
  'photo_invalid',
  'photo_type_unsupported',
  'photo_too_large',
  'photo_too_many_pixels',
  'photo_too_small',
  'photo_limit_reached',
  'photo_limit_max',
  'photo_not_found',
  'photo_private_main',
  'photo_under_review',
  'login_required_photos',
  'premium_required_photos',
  'login_required_search',
  'search_age_range_invalid',
  'cursor_invalid',
  'blocked_by',
  'member_blocked',
  'cannot_like_self',
  'cannot_block_self',
  'swipe_limit_reached',
] as const;
export type MemberErrorCode = (typeof MEMBER_ERROR_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Shared payload parts
// ---------------------------------------------------------------------------------------------

/** The largest row id (PostgreSQL `integer`): a larger one can name no row, and must never reach SQL. */
export const MAX_ROW_ID = MAX_INT4;
/** A row id in a JSON body: a whole number from 1 to MAX_ROW_ID; never a string, boolean or array standing for one. */
export const rowIdSchema = z.number().int().positive().max(MAX_ROW_ID);
/** A row id in a query string: digits only, no sign, no leading zero, no exponent, at most MAX_ROW_ID. */
export const queryRowIdSchema = queryIntSchema(1, MAX_ROW_ID);
/** `{ id }` in a body: a member's profile id (the `profile.id` of the user payload, the `id` of every card). */
export const profileIdSchema = z.object({ id: rowIdSchema });
export type ProfileIdRequest = z.infer<typeof profileIdSchema>;
/** `?id=` in a query string: a member's profile id. */
export const profileIdQuerySchema = z.object({ id: queryRowIdSchema });
/** An opaque keyset cursor from `next_cursor`. */
export const cursorSchema = z.string().max(200, 'cursor_invalid');

/** URLs already carry the site's cdn_prefix: `<cdn_prefix>/uploads/photos/...`. */
export const imageSchema = mainImageSchema;
export type Image = z.infer<typeof imageSchema>;

/** A photo: `filename` is the large image (at most 1600 px), `thumb_filename` a 400 x 400 square crop. */
export const photoSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  thumb_filename: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  is_private: z.boolean(),
  is_main: z.boolean(),
  /** SPEC section 3's image status (IMAGE_STATUSES). */
  status: z.enum(IMAGE_STATUSES),
});
export type Photo = z.infer<typeof photoSchema>;

/** How recently a member was active, as cards show it. */
export const ACTIVITY_LEVELS = ['today', 'week'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

/** One member in a list (search, likes, suggestions). Fields the site does not show (visible_profile_fields) are null. */
export const profileCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: z.enum(PROFILE_GENDERS).nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  main_image: imageSchema.nullable(),
  is_fictional: z.boolean(),
  /**
   * When the member last used the site, as coarse as the data is kept (a UTC day; docs/members.md): `today`,
   * `week` (the last 7 days), or null (longer ago, unknown, or the member is in invisible mode). Absent from lists that
   * do not say it.
   */
  activity: z.enum(ACTIVITY_LEVELS).nullable().optional(),
  /**
   * Kilometres between the viewer's town and this member's, rounded (at least 1); absent when either town is unknown,
   * the site does not show towns, or the list does not say it (search results and the swipe deck do).
   */
  distance_km: z.number().int().positive().optional(),
  /** Staff approved the member's verification selfie (docs/verification.md). */
  is_verified: z.boolean().optional(),
  /** The member's first prompt and answer, on the cards of search and the swipe deck for members; null when none. */
  prompt: profilePromptSchema.nullable().optional(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;

// ---------------------------------------------------------------------------------------------
// Own profile: GET / PUT /api/profile.php
// ---------------------------------------------------------------------------------------------

const nullableEnum = <T extends readonly [string, ...string[]]>(values: T, code: string) =>
  z.enum(values, code).nullable();

/** The fields of PUT /api/profile.php; every one is optional (send what changed), null clears a field. */
export const profileFieldsSchema = z.object({
  name: usernameSchema,
  /** YYYY-MM-DD; checked against the site's min_age like at signup (`date_of_birth_min_age`, `date_of_birth_invalid`). */
  date_of_birth: z.string({ error: 'date_of_birth_invalid' }).trim().max(10, 'date_of_birth_invalid'),
  gender: z.enum(PROFILE_GENDERS, 'gender_invalid'),
  sexuality: z.enum(SEXUALITIES, 'sexuality_invalid'),
  /** Whom the member wants to see; null: derived from gender and sexuality (docs/orientation.md). */
  show_me: z.enum(SHOW_ME, 'show_me_invalid').nullable(),
  /** One of the site's countries. */
  country: z.string().regex(/^[A-Z]{2}$/, 'country_invalid'),
  /** A region code of GET /api/regions.php for that country. */
  region: z.string().max(100, 'region_invalid').nullable(),
  city: z.string().trim().max(CITY_MAX_LENGTH, 'city_too_long').nullable(),
  relationship_status: nullableEnum(RELATIONSHIP_STATUSES, 'relationship_status_invalid'),
  body_type: nullableEnum(BODY_TYPES, 'body_type_invalid'),
  hair_color: nullableEnum(HAIR_COLORS, 'hair_color_invalid'),
  eye_color: nullableEnum(EYE_COLORS, 'eye_color_invalid'),
  tattoos: nullableEnum(TATTOO_OPTIONS, 'tattoos_invalid'),
  signup_reason: nullableEnum(SIGNUP_REASONS, 'signup_reason_invalid'),
  /** Keys of GET /api/interests.php (the site's settings.interests), at most INTERESTS_MAX. */
  interests: z.array(z.string().max(40, 'interests_invalid'), 'interests_invalid').max(INTERESTS_MAX, 'interests_max'),
  about_me: z.string().trim().max(ABOUT_ME_MAX_LENGTH, 'about_me_too_long').nullable(),
  /** Up to three prompts of the catalogue (packages/contracts/src/prompts.ts) with the member's answers, in order. */
  prompts: profilePromptsSchema,
  /** Invisible mode: not listed in search, suggestions or the swipe game; still reachable by link and in likes. */
  is_invisible: z.boolean(),
});
export const updateProfileRequestSchema = profileFieldsSchema.partial();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const ownProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(PROFILE_STATUSES),
  date_of_birth: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.enum(PROFILE_GENDERS).nullable(),
  sexuality: z.enum(SEXUALITIES).nullable(),
  show_me: z.enum(SHOW_ME).nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
  body_type: z.enum(BODY_TYPES).nullable(),
  hair_color: z.enum(HAIR_COLORS).nullable(),
  eye_color: z.enum(EYE_COLORS).nullable(),
  tattoos: z.enum(TATTOO_OPTIONS).nullable(),
  signup_reason: z.enum(SIGNUP_REASONS).nullable(),
  interests: z.array(z.string()),
  about_me: z.string().nullable(),
  prompts: z.array(profilePromptSchema),
  /** Staff approved the member's verification selfie (GET /api/verification.php says where it stands). */
  is_verified: z.boolean(),
  /** Set by staff only. */
  is_fictional: z.boolean(),
  is_invisible: z.boolean(),
  main_image: imageSchema.nullable(),
  /** Every own photo, private ones included; the main photo first, then in upload order. */
  photos: z.array(photoSchema),
  /** How many photos this member may keep (3 free, 25 premium). */
  photo_limit: z.number().int(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;
export const ownProfileResponseSchema = z.object({ profile: ownProfileSchema });
export type OwnProfileResponse = z.infer<typeof ownProfileResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Another member's profile: GET /api/member.php?id=
// ---------------------------------------------------------------------------------------------

/** Why more photos exist than are shown: visitors must log in, free members need premium. */
export const PHOTOS_LOCKED_REASONS = ['login_required_photos', 'premium_required_photos'] as const;

/** How the viewer and the member relate; null for visitors. */
export const relationSchema = z.object({
  /** The viewer likes this member. */
  is_liked: z.boolean(),
  /** This member likes the viewer. */
  is_liked_by: z.boolean(),
  is_match: z.boolean(),
  /** The viewer blocked this member (a member who blocked the viewer answers 403 `blocked_by` instead). */
  is_blocked: z.boolean(),
});
export type Relation = z.infer<typeof relationSchema>;

/**
 * A member's public profile. Field keys the site hides (settings.visible_profile_fields) are left out;
 * visitors also get only the basics (`is_limited`). Names and values are translated by the web app.
 */
export const memberProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable().optional(),
  gender: z.enum(PROFILE_GENDERS).nullable().optional(),
  sexuality: z.enum(SEXUALITIES).nullable().optional(),
  country: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable().optional(),
  body_type: z.enum(BODY_TYPES).nullable().optional(),
  hair_color: z.enum(HAIR_COLORS).nullable().optional(),
  eye_color: z.enum(EYE_COLORS).nullable().optional(),
  tattoos: z.enum(TATTOO_OPTIONS).nullable().optional(),
  signup_reason: z.enum(SIGNUP_REASONS).nullable().optional(),
  interests: z.array(z.string()).optional(),
  about_me: z.string().nullable().optional(),
  /** The member's prompts and answers (members only, like the interests). */
  prompts: z.array(profilePromptSchema).optional(),
  /** Staff approved the member's verification selfie. */
  is_verified: z.boolean(),
  main_image: imageSchema.nullable(),
  /** The photos the viewer may see, main first. */
  photos: z.array(photoSchema),
  /** Photos that exist but are not shown to this viewer. */
  hidden_photo_count: z.number().int(),
  /** Set when hidden_photo_count > 0: the message to show (an `errors:` key). */
  photos_locked: z.enum(PHOTOS_LOCKED_REASONS).nullable(),
  /** Show the site's fictional-profile warning (settings.fictional_warning, fictional_icon). */
  is_fictional: z.boolean(),
  /** The viewer's own profile. */
  is_self: z.boolean(),
  /** A visitor's view: only the basic fields; log in for the rest. */
  is_limited: z.boolean(),
  relation: relationSchema.nullable(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;
export const memberResponseSchema = z.object({ member: memberProfileSchema });
export type MemberResponse = z.infer<typeof memberResponseSchema>;

/** Fields a visitor sees on a profile; the rest need a login. */
export const VISITOR_PROFILE_FIELDS = ['gender', 'sexuality', 'age', 'country', 'region', 'city', 'about_me'] as const;

// ---------------------------------------------------------------------------------------------
// Photos: POST (multipart field `photo`, optional field `is_private`), PUT, DELETE /api/photo.php
// ---------------------------------------------------------------------------------------------

export const photosResponseSchema = z.object({ photos: z.array(photoSchema), main_image: imageSchema.nullable() });
export type PhotosResponse = z.infer<typeof photosResponseSchema>;
export const uploadPhotoResponseSchema = photosResponseSchema.extend({ photo: photoSchema });
export type UploadPhotoResponse = z.infer<typeof uploadPhotoResponseSchema>;

/** PUT /api/photo.php: make it the main photo and/or mark it private (the main photo cannot be private). */
export const updatePhotoRequestSchema = z.object({
  id: rowIdSchema,
  is_main: z.literal(true).optional(),
  is_private: z.boolean().optional(),
});
export type UpdatePhotoRequest = z.infer<typeof updatePhotoRequestSchema>;
export const deletePhotoRequestSchema = z.object({ id: rowIdSchema });

/** GET /api/photo-file.php: a private photo's file (`Photo.filename` / `thumb_filename` of a private photo point here). */
export const photoFileQuerySchema = z.object({
  id: queryRowIdSchema,
  size: z.enum(['full', 'thumb']).default('full'),
});

// ---------------------------------------------------------------------------------------------
// Search: GET /api/search.php
// ---------------------------------------------------------------------------------------------

const queryInt = (code: string) => z.coerce.number(code).int(code);

/**
 * Filters the site's settings.search_fields lists are applied (others are ignored). `network` / `ref`:
 * tracking data the visitor arrived with; a visitor with them searches under logged_out_search_trafficsource.
 */
export const searchQuerySchema = z.object({
  gender: z.enum(GENDERS, 'gender_invalid').optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'country_invalid')
    .optional(),
  region: z.string().max(100, 'region_invalid').optional(),
  min_age: queryInt('search_age_range_invalid')
    .min(0, 'search_age_range_invalid')
    .max(SEARCH_MAX_AGE, 'search_age_range_invalid')
    .optional(),
  max_age: queryInt('search_age_range_invalid')
    .min(0, 'search_age_range_invalid')
    .max(SEARCH_MAX_AGE, 'search_age_range_invalid')
    .optional(),
  /** `1`: only members staff verified (docs/verification.md); members only, visitors' searches ignore it. */
  verified: z.enum(['0', '1'], 'invalid_value').optional(),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE_SIZE).optional(),
  network: z.string().max(200).optional(),
  ref: z.string().max(200).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchFiltersSchema = z.object({
  gender: z.enum(GENDERS).nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  min_age: z.number().int(),
  max_age: z.number().int(),
  /** Verified members only (never relaxed for similar results). */
  verified: z.boolean(),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

export const searchResponseSchema = z.object({
  /** Newest members first. */
  results: z.array(profileCardSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** Counted on the first page only (null on later pages), up to SEARCH_COUNT_CAP. */
  num_results: z.number().int().nullable(),
  /** More than SEARCH_COUNT_CAP match: show "1000+". */
  is_num_results_capped: z.boolean(),
  /** The filters applied (defaults filled in, filters the site does not offer dropped). */
  filters: searchFiltersSchema,
  /**
   * First page only, when fewer than a page match: members matching looser filters (region dropped,
   * then ages widened by 5 years, then country dropped), none of them in `results`.
   */
  similar_results: z.array(profileCardSchema),
  similar_num_results: z.number().int(),
  similar_filters: searchFiltersSchema.nullable(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The home page's faces: GET /api/home-members.php
// ---------------------------------------------------------------------------------------------

/** At most this many faces per answer. */
export const HOME_MEMBERS_MAX = 24;
/**
 * `limit` faces (default 12); `network` / `ref` as in search.php: a visitor sees faces only when the site lets them
 * search (logged_out_search, or logged_out_search_trafficsource with tracking data).
 */
export const homeMembersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(HOME_MEMBERS_MAX).optional(),
  network: z.string().max(200).optional(),
  ref: z.string().max(200).optional(),
});
export type HomeMembersQuery = z.infer<typeof homeMembersQuerySchema>;
/** Members with a main photo (never a private one), in the search's relevance order near the visitor; cards as search.php gives them. */
export const homeMembersResponseSchema = z.object({
  profiles: z.array(profileCardSchema),
  /**
   * The site's listed real members rounded down to the leading digit ("more than 1,000"), or null below 100: the home
   * page names a number only when it is true.
   */
  member_count: z.number().int().nullable(),
});
export type HomeMembersResponse = z.infer<typeof homeMembersResponseSchema>;
