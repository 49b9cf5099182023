// Landing pages: which page a path names, the niche and language its slug picks, the profiles it shows near the
// visitor, and its texts, as the payload the web app renders (docs/landers.md).
import {
  LANDER_NAMES,
  MEMBER_LANDING_NAMES,
  NICHE_KEYS,
  SEARCH_MAX_AGE,
  nicheSlug,
  parseNicheSlug,
  type LanderName,
  type LanderPayload,
  type LanderProfile,
  type MemberLandingName,
  type Niche,
  countryName,
} from '@app/contracts';
import { DEFAULT_LOCALE, LOCALES, localeFromDomainLanguage, type UiLanguage } from '@app/i18n';
import type { SiteRow } from '../../db/schema/index.ts';
import type { TFunction } from 'i18next';
import { getTranslator } from '../../lib/i18n.ts';
import { regionName } from '../../lib/regions.ts';
import { toProfileCard, type CardRow, type Place } from '../member-core/index.ts';
import type { LandersRepository, NicheCriteria } from './landers.repository.ts';
import { distanceKm, nearestFirst, townPosition, type Locate } from '../../lib/nearest.ts';
import type { ChosenVariant } from './lander-experiments.ts';

/** Texts that say "near you": the page uses their `…Near` form only when every profile it shows is near the visitor. */
const NEAR_TEXTS = new Set([
  'niches.plain.title',
  'maplanding.headline',
  'socialnetwork.headline',
  'transitionsvideolanding.headline',
]);

export type LanderTarget =
  | { kind: 'lander'; name: LanderName; slug: string | null }
  | { kind: 'member'; name: MemberLandingName; memberId: number; slug: string | null };

/** Profiles a lander reads (the largest design shows 12). */
export const LANDER_PROFILE_COUNT = 12;
/** Below this many profiles of the niche, the niche's gender without its other conditions fills the page. */
export const LANDER_MIN_NICHE_PROFILES = 6;
/**
 * With the visitor's town known, this many of the niche's most relevant profiles near them are read and the page shows
 * the nearest (docs/landers.md, "Near the visitor").
 */
export const LANDER_DISTANCE_CANDIDATES = 48;

/**
 * A slug is any one path segment (up to the router's `maxParamLength`): one naming no niche and locale (digits, a
 * typo, an unknown locale or prefix) is ignored by `render`, so an ad link with a typo still lands (docs/landers.md).
 */
const LANDER_PATH = /^\/landers\/([a-z]+)(?:\/([^/\s]{1,200}))?\/?$/;
const MEMBER_PATH = /^\/members\/([1-9]\d{0,9})\/(landing2|landing3|landing)(?:\/([^/\s]{1,200}))?\/?$/;

/**
 * The landing page a path names, or null (the app's 404 page then answers): an unknown lander name or member landing,
 * or a slug on `/members/{id}/landing` (it takes none). Any slug is accepted; which niche and locale it names, if any,
 * is `parseNicheSlug`'s.
 */
export function parseLanderPath(pathname: string): LanderTarget | null {
  const lander = LANDER_PATH.exec(pathname);
  if (lander) {
    const name = lander[1] as LanderName;
    return (LANDER_NAMES as readonly string[]).includes(name)
      ? { kind: 'lander', name, slug: lander[2] ?? null }
      : null;
  }
  const member = MEMBER_PATH.exec(pathname);
  if (member) {
    const name = member[2] as MemberLandingName;
    if (!(MEMBER_LANDING_NAMES as readonly string[]).includes(name) || (name === 'landing' && member[3])) return null;
    const memberId = Number(member[1]);
    return Number.isSafeInteger(memberId) && memberId <= 2_147_483_647
      ? { kind: 'member', name, memberId, slug: member[3] ?? null }
      : null;
  }
  return null;
}

/** Who each niche shows (docs/landers.md). */
export function nicheCriteria(niche: Niche, minAge: number): NicheCriteria {
  const base: NicheCriteria = { gender: 'female', minAge, maxAge: SEARCH_MAX_AGE };
  switch (niche) {
    case 2:
      return { ...base, sexualities: ['lesbian', 'bi'] };
    case 3:
      return { ...base, interests: ['bdsm', 'fetish', 'roleplay'] };
    case 4:
      return { ...base, bodyType: 'fat' };
    case 5:
      return { ...base, minAge: Math.max(minAge, 60) };
    case 6:
      return { ...base, minAge: Math.max(minAge, 35), maxAge: 55 };
    case 7:
      return { ...base, gender: 'male', sexualities: ['gay', 'bi'] };
    default:
      return base;
  }
}

export type LanderVisit = {
  site: SiteRow;
  /** The visitor's language cookie, when it names a UI language. */
  cookieLanguage: UiLanguage | null;
  /** The GeoIP country of the address, or null. */
  geoipCountry: string | null;
  /** The region the visitor's browser located them in during the last hour (web app cookie), or null. */
  knownPlace: { country: string; region: string | null; city: string | null } | null;
  /** The site's own address (configured, never the Host header), for the Open Graph image. */
  origin: string;
};

/**
 * Where a lander's call to action leads without scripts: the signup page. The visit's tracking values are not in it
 * (the page is shared by every visitor of its key); the signed tracking cookie carries the first touch to the signup,
 * and the page's own inline script adds the address's query to the link when it is followed (docs/traffic.md).
 */
export const SIGNUP_HREF = '/signup';

/**
 * `canonicalPath`: the page's own address for the canonical link and `og:url`: the slug as the niche slug it names
 * (lower case), none when it names no niche and locale, so a typo in an ad link is never a page of its own. The page's
 * markup is the web app's render of `payload` (lander-render.ts).
 */
export type LanderResult = { payload: LanderPayload; canonicalPath: string };

/** The lander's language: the slug's locale when the site offers it, else the one the web app picks (cookie, site). */
function pickLanguage(
  site: SiteRow,
  visit: LanderVisit,
  slugLocale: string | undefined,
): { language: UiLanguage; isFromSlug: boolean } {
  if (slugLocale && site.languages.includes(slugLocale))
    return { language: slugLocale as UiLanguage, isFromSlug: true };
  return {
    language: visit.cookieLanguage ?? localeFromDomainLanguage(site.domainLanguage) ?? DEFAULT_LOCALE,
    isFromSlug: false,
  };
}

function nearOf(visit: LanderVisit): Place | null {
  const { site } = visit;
  if (visit.knownPlace && site.countries.includes(visit.knownPlace.country))
    return { country: visit.knownPlace.country, region: visit.knownPlace.region };
  return visit.geoipCountry && site.countries.includes(visit.geoipCountry)
    ? { country: visit.geoipCountry, region: null }
    : null;
}

/**
 * Whether a profile is near the visitor, as the page may say it (docs/landers.md, "Honest ads"): in the region the
 * browser located them in, or within the site's distance of their town. GeoIP's country alone is not "near".
 */
function isNearOf(locate: Locate, visit: LanderVisit) {
  const place = visit.knownPlace && visit.site.countries.includes(visit.knownPlace.country) ? visit.knownPlace : null;
  const origin = place ? townPosition(locate, place) : null;
  return (row: Pick<CardRow, 'country' | 'region' | 'city'>): boolean => {
    if (!place) return false;
    if (place.region && row.country === place.country && row.region === place.region) return true;
    const position = origin && townPosition(locate, row);
    return Boolean(origin && position && distanceKm(origin, position) <= visit.site.nearDistanceKm);
  };
}

const absolute = (origin: string, url: string | undefined | null) => (url ? new URL(url, origin).toString() : null);

/** What every landing page's payload shares: its path as asked, niche and language. */
type PageBasics = { path: string; niche: Niche; language: UiLanguage; is_language_from_slug: boolean };

type Deps = { landersRepository: LandersRepository; locate: Locate; now: () => Date };

/** The profiles a lander shows: the niche's near the visitor, filled with the niche's gender on a small site. */
function createNicheProfiles(deps: Deps) {
  const { landersRepository: landersRepo, locate } = deps;
  return async function nicheProfiles(visit: LanderVisit, niche: Niche): Promise<CardRow[]> {
    const { site } = visit;
    const now = deps.now();
    const near = nearOf(visit);
    const criteria = nicheCriteria(niche, site.minAge);
    // The visitor's town (the browser's position, geocoded): the nearest of the most relevant profiles near them.
    const origin = near && visit.knownPlace ? townPosition(locate, visit.knownPlace) : null;
    const nearest = (candidates: CardRow[]) =>
      nearestFirst(candidates, origin, (row) => townPosition(locate, row)).slice(0, LANDER_PROFILE_COUNT);
    const rows = nearest(
      await landersRepo.listProfiles({
        siteId: site.id,
        niche: criteria,
        near,
        now,
        limit: origin ? LANDER_DISTANCE_CANDIDATES : LANDER_PROFILE_COUNT,
      }),
    );
    if (rows.length >= LANDER_MIN_NICHE_PROFILES) return rows;
    // A small site (or a rare niche): the niche's gender fills the page, the niche's own profiles first.
    const filler = await landersRepo.listProfiles({
      siteId: site.id,
      niche: { gender: criteria.gender, minAge: site.minAge, maxAge: SEARCH_MAX_AGE },
      near,
      now,
      limit: LANDER_PROFILE_COUNT - rows.length,
      excludeIds: rows.map((row) => row.id),
    });
    return [...rows, ...nearest(filler)];
  };
}

function toLanderProfile(row: CardRow, site: SiteRow, language: string, now: Date): LanderProfile {
  const card = toProfileCard(row, site, now);
  return {
    id: card.id,
    name: card.name,
    age: card.age,
    city: card.city,
    region: card.region,
    country: card.country,
    // A place name, never a code ("FI-11") or an empty pin.
    place:
      card.city?.trim() ||
      regionName(card.country, card.region) ||
      (card.country ? countryName(card.country, language) : ''),
    main_image: card.main_image,
    activity: card.activity ?? null,
  };
}

/** A member landing of a member who agreed to appear in ads: their own texts, photo and real private photo count. */
async function memberPayload(
  deps: Deps,
  options: { name: MemberLandingName; member: CardRow; visit: LanderVisit; basics: PageBasics; t: TFunction },
): Promise<LanderPayload> {
  const { name, member, visit, basics, t } = options;
  const profile = toLanderProfile(member, visit.site, basics.language, deps.now());
  const privatePhotoCount = name === 'landing3' ? await deps.landersRepository.countPrivatePhotos(profile.id) : 0;
  // landing3 names the member's real private photos, and says nothing of any when there are none.
  const textKey = (part: 'headline' | 'lead') =>
    name === 'landing3' && privatePhotoCount === 0 ? `${part}None` : part;
  const text = (part: 'headline' | 'lead' | 'cta') =>
    t(`landers:member.${name}.${part === 'cta' ? part : textKey(part)}`, {
      name: profile.name,
      count: privatePhotoCount,
    });
  return {
    kind: 'member',
    name,
    ...basics,
    texts: {
      title: t('landers:meta.title', { title: text('headline'), site: visit.site.name }),
      description: text('lead'),
      headline: text('headline'),
      lead: text('lead'),
      cta: text('cta'),
    },
    image: absolute(visit.origin, profile.main_image?.filename),
    profiles: [],
    member: profile,
    private_photo_count: privatePhotoCount,
    signup_href: `/members/${profile.id}/signup`,
    is_near: isNearOf(deps.locate, visit)(member),
    variant: null,
  };
}

/** A lander's payload in `design`: the niche's profiles near the visitor, and texts that say "near" only when so. */
function landerPayload(
  deps: Deps,
  options: { design: LanderName; rows: CardRow[]; visit: LanderVisit; basics: PageBasics; t: TFunction },
): Omit<LanderPayload, 'variant'> {
  const { design, rows, visit, basics, t } = options;
  const isNear = rows.length > 0 && rows.every(isNearOf(deps.locate, visit));
  const profiles = rows.map((row) => toLanderProfile(row, visit.site, basics.language, deps.now()));
  const nicheKey = NICHE_KEYS[basics.niche - 1]!;
  const near = (key: string) => (isNear && NEAR_TEXTS.has(key) ? `${key}Near` : key);
  return {
    kind: 'lander',
    name: design,
    ...basics,
    texts: {
      title: t('landers:meta.title', {
        title: t(`landers:${near(`niches.${nicheKey}.title`)}`),
        site: visit.site.name,
      }),
      description: t(`landers:niches.${nicheKey}.lead`),
      headline: t(`landers:${near(`${design}.headline`)}`),
      lead: t(`landers:niches.${nicheKey}.lead`),
      cta: t('landers:cta'),
    },
    image: absolute(visit.origin, profiles.find((profile) => profile.main_image)?.main_image?.filename),
    profiles,
    member: null,
    private_photo_count: 0,
    signup_href: null,
    is_near: isNear,
  };
}

export type LandersService = ReturnType<typeof createLandersService>;

export function createLandersService(deps: Deps) {
  const nicheProfiles = createNicheProfiles(deps);
  return {
    /**
     * The payload of the landing page at `pathname`, or null when there is none. `variant`: the lander experiment's
     * variant this visit shows (its design replaces the lander's own), or null.
     */
    async render(
      pathname: string,
      visit: LanderVisit,
      variant: ChosenVariant | null = null,
    ): Promise<LanderResult | null> {
      const target = parseLanderPath(pathname);
      if (!target) return null;
      const { site } = visit;
      const slugMatch = target.slug ? parseNicheSlug(target.slug, LOCALES) : null;
      const niche = (slugMatch?.niche ?? site.niche) as Niche;
      const { language, isFromSlug } = pickLanguage(site, visit, slugMatch?.locale);
      const t = getTranslator(language);
      const base = target.kind === 'lander' ? `/landers/${target.name}` : `/members/${target.memberId}/${target.name}`;
      const canonicalPath = slugMatch ? `${base}/${nicheSlug(slugMatch.niche, slugMatch.locale)}` : base;
      // The path as asked (the web app adopts the view for its own address), without a trailing slash.
      const basics = { path: pathname.replace(/\/+$/, ''), niche, language, is_language_from_slug: isFromSlug };

      const member =
        target.kind === 'member' ? await deps.landersRepository.findLandingMember(site.id, target.memberId) : null;
      if (target.kind === 'member' && !member) return null;
      if (target.kind === 'member' && member?.isShownInAds)
        return { payload: await memberPayload(deps, { name: target.name, member, visit, basics, t }), canonicalPath };
      // A lander; or a member landing of a member who did not agree to appear in ads (or a fictional profile): the
      // ad still lands, on the site's pitch with members who did agree, never on that member (docs/landers.md).
      const design: LanderName = target.kind === 'member' ? 'iconslanding' : (variant?.design ?? target.name);
      const rows = await nicheProfiles(visit, niche);
      const payload = landerPayload(deps, { design, rows, visit, basics, t });
      return {
        payload: { ...payload, variant: target.kind === 'lander' ? (variant?.key ?? null) : null },
        canonicalPath,
      };
    },
  };
}
