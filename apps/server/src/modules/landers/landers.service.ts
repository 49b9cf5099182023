// Landing pages: which page a path names, the niche and language its slug picks, the profiles it shows near the
// visitor, and its texts, as the payload the web app renders (docs/landers.md).
import {
  LANDER_NAMES,
  MEMBER_LANDING_NAMES,
  NICHE_KEYS,
  SEARCH_MAX_AGE,
  TRACKING_KEYS,
  parseNicheSlug,
  type LanderName,
  type LanderPayload,
  type LanderProfile,
  type MemberLandingName,
  type Niche,
  type Tracking,
  countryName,
} from '@app/contracts';
import { DEFAULT_LOCALE, LOCALES, localeFromDomainLanguage, type UiLanguage } from '@app/i18n';
import type { SiteRow } from '../../db/schema/index.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { regionName } from '../../lib/regions.ts';
import { toProfileCard, type CardRow, type MembersRepository, type Place } from '../member-core/index.ts';
import type { LandersRepository, NicheCriteria } from './landers.repository.ts';
import { renderLanderContent } from './lander-markup.ts';
import { nearestFirst, townPosition, type Locate } from '../../lib/nearest.ts';

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

const LANDER_PATH = /^\/landers\/([a-z]+)(?:\/([A-Za-z-]{1,20}))?\/?$/;
const MEMBER_PATH = /^\/members\/([1-9]\d{0,9})\/(landing2|landing3|landing)(?:\/([A-Za-z-]{1,20}))?\/?$/;

/** The landing page a path names, or null (the app's 404 page then answers). `/members/{id}/landing` takes no slug. */
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

/** Ad networks leave placeholders such as `{sub1}`: braces go, empty values are dropped (as lib/tracking.ts does). */
export function cleanTracking(query: Record<string, unknown>): Tracking {
  const tracking: Tracking = {};
  for (const key of TRACKING_KEYS) {
    const value = query[key];
    const cleaned = typeof value === 'string' ? value.replace(/[{}]/g, '').trim().slice(0, 200) : '';
    if (cleaned) tracking[key] = cleaned;
  }
  return tracking;
}

export function withTracking(path: string, tracking: Tracking): string {
  const query = new URLSearchParams(Object.entries(tracking) as [string, string][]).toString();
  return query ? `${path}?${query}` : path;
}

export type LanderVisit = {
  site: SiteRow;
  /** The visitor's language cookie, when it names a UI language. */
  cookieLanguage: UiLanguage | null;
  /** The GeoIP country of the address, or null. */
  geoipCountry: string | null;
  /** The region the visitor's browser located them in during the last hour (web app cookie), or null. */
  knownPlace: { country: string; region: string | null; city: string | null } | null;
  /** `https://host`, for the Open Graph image. */
  origin: string;
  tracking: Tracking;
};

export type LanderResult = { payload: LanderPayload; content: string; signupHref: string };

export type LandersService = ReturnType<typeof createLandersService>;

export function createLandersService(deps: {
  landersRepository: LandersRepository;
  members: Pick<MembersRepository, 'findViewableCard'>;
  locate: Locate;
  now: () => Date;
}) {
  const { landersRepository: repo, members, locate } = deps;

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

  async function nicheProfiles(visit: LanderVisit, niche: Niche): Promise<CardRow[]> {
    const { site } = visit;
    const now = deps.now();
    const near = nearOf(visit);
    const criteria = nicheCriteria(niche, site.minAge);
    // The visitor's town (the browser's position, geocoded): the nearest of the most relevant profiles near them.
    const origin = near && visit.knownPlace ? townPosition(locate, visit.knownPlace) : null;
    const nearest = (candidates: CardRow[]) =>
      nearestFirst(candidates, origin, (row) => townPosition(locate, row)).slice(0, LANDER_PROFILE_COUNT);
    const rows = nearest(
      await repo.listProfiles({
        siteId: site.id,
        niche: criteria,
        near,
        now,
        limit: origin ? LANDER_DISTANCE_CANDIDATES : LANDER_PROFILE_COUNT,
      }),
    );
    if (rows.length >= LANDER_MIN_NICHE_PROFILES) return rows;
    // A small site (or a rare niche): the niche's gender fills the page, the niche's own profiles first.
    const filler = await repo.listProfiles({
      siteId: site.id,
      niche: { gender: criteria.gender, minAge: site.minAge, maxAge: SEARCH_MAX_AGE },
      near,
      now,
      limit: LANDER_PROFILE_COUNT - rows.length,
      excludeIds: rows.map((row) => row.id),
    });
    return [...rows, ...nearest(filler)];
  }

  function toLanderProfile(row: CardRow, site: SiteRow, language: string): LanderProfile {
    const card = toProfileCard(row, site, deps.now());
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

  const absolute = (origin: string, url: string | undefined | null) => (url ? new URL(url, origin).toString() : null);

  return {
    /** The payload and first-view markup of the landing page at `pathname`, or null when there is none. */
    async render(pathname: string, visit: LanderVisit): Promise<LanderResult | null> {
      const target = parseLanderPath(pathname);
      if (!target) return null;
      const { site } = visit;
      const slugMatch = target.slug ? parseNicheSlug(target.slug, LOCALES) : null;
      const niche = (slugMatch?.niche ?? site.niche) as Niche;
      const { language, isFromSlug } = pickLanguage(site, visit, slugMatch?.locale);
      const t = getTranslator(language);
      const nicheKey = NICHE_KEYS[niche - 1]!;
      const canonicalPath = pathname.replace(/\/+$/, '');
      const signupHref = withTracking('/signup', visit.tracking);

      let payload: LanderPayload;
      if (target.kind === 'member') {
        const row = await members.findViewableCard(site.id, target.memberId);
        // Honest ads: a fictional profile has no landing page (docs/landers.md).
        if (!row || row.isFictional) return null;
        const member = toLanderProfile(row, site, language);
        const name = member.name;
        const privatePhotoCount = target.name === 'landing3' ? await repo.countPrivatePhotos(member.id) : 0;
        // landing3 names the member's real private photos, and says nothing of any when there are none.
        const textKey = (part: 'headline' | 'lead') =>
          target.name === 'landing3' && privatePhotoCount === 0 ? `${part}None` : part;
        const text = (part: 'headline' | 'lead' | 'cta') =>
          t(`landers:member.${target.name}.${part === 'cta' ? part : textKey(part)}`, {
            name,
            count: privatePhotoCount,
          });
        payload = {
          kind: 'member',
          name: target.name,
          path: canonicalPath,
          niche,
          language,
          is_language_from_slug: isFromSlug,
          texts: {
            title: t('landers:meta.title', { title: text('headline'), site: site.name }),
            description: text('lead'),
            headline: text('headline'),
            lead: text('lead'),
            cta: text('cta'),
          },
          image: absolute(visit.origin, member.main_image?.filename),
          profiles: [],
          member,
          private_photo_count: privatePhotoCount,
          signup_href: withTracking(`/members/${member.id}/signup`, visit.tracking),
        };
      } else {
        const profiles = (await nicheProfiles(visit, niche)).map((row) => toLanderProfile(row, site, language));
        payload = {
          kind: 'lander',
          name: target.name,
          path: canonicalPath,
          niche,
          language,
          is_language_from_slug: isFromSlug,
          texts: {
            title: t('landers:meta.title', { title: t(`landers:niches.${nicheKey}.title`), site: site.name }),
            description: t(`landers:niches.${nicheKey}.lead`),
            headline: t(`landers:${target.name}.headline`),
            lead: t(`landers:niches.${nicheKey}.lead`),
            cta: t('landers:cta'),
          },
          image: absolute(visit.origin, profiles.find((profile) => profile.main_image)?.main_image?.filename),
          profiles,
          member: null,
          private_photo_count: 0,
          signup_href: null,
        };
      }
      const content = renderLanderContent({
        payload,
        siteName: site.name,
        t,
        signupHref,
      });
      return { payload, content, signupHref };
    },
  };
}
