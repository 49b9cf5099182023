// Landing pages (SPEC section 2): the 9 landers and the 3 member landings, their niche slugs, and the data the
// server injects into index.html (or answers from landers.php) so a lander renders without waiting for the API.
import { z } from 'zod';
import { ACTIVITY_LEVELS, imageSchema } from './members.ts';

/** `/landers/tinderswipe` (no slug) and the 8 landers with `/{slug?}`. */
export const LANDER_NAMES = [
  'tinderswipe',
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export type LanderName = (typeof LANDER_NAMES)[number];

/** `/members/{id}/landing`, `/members/{id}/landing2/{slug?}`, `/members/{id}/landing3/{slug?}`. */
export const MEMBER_LANDING_NAMES = ['landing', 'landing2', 'landing3'] as const;
export type MemberLandingName = (typeof MEMBER_LANDING_NAMES)[number];

/**
 * SPEC section 2: niche 1 to 7 is the slug's prefix (plain, she-, bdsm-, bbw-, gilf-, milf-, gay-), followed by the
 * locale, English written `eng`: `she-eng`, `bbw-de`, `nl`.
 */
export const NICHE_SLUG_PREFIXES = ['', 'she-', 'bdsm-', 'bbw-', 'gilf-', 'milf-', 'gay-'] as const;
/** The niches' names in texts and CSS (index = niche - 1). */
export const NICHE_KEYS = ['plain', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;
export type NicheKey = (typeof NICHE_KEYS)[number];
export type Niche = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The slug's locale part: the locale code, except English, which is `eng`. */
const slugLocale = (locale: string): string => (locale === 'en' ? 'eng' : locale);

export function nicheSlug(niche: Niche, locale: string): string {
  return `${NICHE_SLUG_PREFIXES[niche - 1]}${slugLocale(locale)}`;
}

/**
 * The niche and locale a slug names, or null when it names none. `locales` are the locales that may follow the
 * prefix (the interface locales); `en-US` is not one of them: US visitors get English from `eng`.
 */
export function parseNicheSlug(slug: string, locales: readonly string[]): { niche: Niche; locale: string } | null {
  const lowered = slug.trim().toLowerCase();
  // Longest prefix first, so `she-eng` is niche 2 and never niche 1 with a locale "she-eng".
  for (let index = NICHE_SLUG_PREFIXES.length - 1; index >= 0; index -= 1) {
    const prefix = NICHE_SLUG_PREFIXES[index]!;
    if (!lowered.startsWith(prefix)) continue;
    const rest = lowered.slice(prefix.length);
    const locale = locales.find((candidate) => slugLocale(candidate) === rest);
    if (locale) return { niche: (index + 1) as Niche, locale };
  }
  return null;
}

export const landerProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  /** The place as the page names it: the town, else the region's name, else the country's, in the lander's language. */
  place: z.string(),
  main_image: imageSchema.nullable(),
  activity: z.enum(ACTIVITY_LEVELS).nullable().optional(),
});
export type LanderProfile = z.infer<typeof landerProfileSchema>;

export const landerPayloadSchema = z.object({
  kind: z.enum(['lander', 'member']),
  name: z.enum([...LANDER_NAMES, ...MEMBER_LANDING_NAMES]),
  /** The path the payload was made for (without the query string). */
  path: z.string(),
  niche: z.number().int().min(1).max(7),
  /** The lander's language: the slug's locale when the site offers it, else the visitor's. */
  language: z.string(),
  /** Whether the language came from the slug (the web app then switches its interface to it). */
  is_language_from_slug: z.boolean(),
  texts: z.object({
    title: z.string(),
    description: z.string(),
    headline: z.string(),
    lead: z.string(),
    cta: z.string(),
  }),
  /** The Open Graph image: an absolute address, or null when no profile has a photo. */
  image: z.string().nullable(),
  /** Profiles near the visitor, for the niche (empty on a member landing). */
  profiles: z.array(landerProfileSchema),
  /** The member a member landing is about. */
  member: landerProfileSchema.nullable(),
  /** How many private photos that member really has (landing3 names the number; 0 elsewhere). */
  private_photo_count: z.number().int().min(0),
  /** Where the call to action leads on a member landing: the member's signup page (first message to them). */
  signup_href: z.string().nullable(),
  /** Every profile shown is near the visitor (their region, or within the site's distance): only then says "near you". */
  is_near: z.boolean(),
  /** The lander experiment's variant this visit shows (docs/traffic.md), or null. */
  variant: z.string().nullable(),
});
export type LanderPayload = z.infer<typeof landerPayloadSchema>;

/** The page's path; the page's own query parameters pass through beside it. */
export const landersQuerySchema = z
  .object({ path: z.string().min(1).max(300).regex(/^\//) })
  .catchall(z.union([z.string(), z.array(z.string())]));
export type LandersQuery = z.infer<typeof landersQuerySchema>;
/** landers.php: the payload, the first view's markup and its styles (what the server puts into index.html). */
export const landersResponseSchema = z.object({ lander: landerPayloadSchema, html: z.string(), css: z.string() });
export type LandersResponse = z.infer<typeof landersResponseSchema>;
