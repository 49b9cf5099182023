// One demo member drawn from a seeded random sequence: profile, account address and avatar photos (demo-members.ts
// renders and inserts them). The sequences are deterministic, so every fresh database gets the same demo members.
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTEREST_KEYS,
  RELATIONSHIP_STATUSES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
  type Gender,
  type Sexuality,
} from '@app/contracts';
import type { profiles } from '../../db/schema/index.ts';
import { SPEC_COUNTRIES } from '../sites/index.ts';
import {
  ABOUT_ENDINGS,
  ABOUT_OPENINGS,
  DEMO_CITIES,
  DEMO_PROMPTS,
  FEMALE_NAMES,
  HAIR_FILLS,
  MALE_NAMES,
  SKIN_TONES,
} from './demo-data.ts';

/** The side of a demo photo, in pixels (square). */
export const PHOTO_SIDE = 640;

/** A small deterministic pseudo-random generator (mulberry32), so the demo data looks the same on every fresh database. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (probability: number) => next() < probability;
  const sample = <T>(items: readonly T[], count: number): T[] => [...items].sort(() => next() - 0.5).slice(0, count);
  return { next, integer, pick, chance, sample };
}
export type Random = ReturnType<typeof createRandom>;

function dateOfBirthFor(random: Random, now: Date): string {
  // Most members between 22 and 45, some up to 70.
  const age = random.chance(0.8) ? random.integer(22, 45) : random.integer(18, 70);
  const date = new Date(Date.UTC(now.getUTCFullYear() - age, random.integer(0, 11), random.integer(1, 28)));
  if (date > new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate())))
    date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
}

function sexualityFor(random: Random, gender: Gender): Sexuality {
  const roll = random.next();
  if (roll < 0.78) return 'hetero';
  if (roll < 0.88) return gender === 'male' ? 'gay' : 'lesbian';
  return 'bi';
}

/**
 * Where a demo member lives: mostly a city with its own region; otherwise only a region (one that holds a
 * demo city, so no one lives in an overseas territory) or nothing. A city never sits in another region.
 */
function placeFor(random: Random, country: string): { region: string | null; city: string | null } {
  const cities = DEMO_CITIES[country] ?? [];
  if (!cities.length) return { region: null, city: null };
  const [city, region] = random.pick(cities);
  if (random.chance(0.7)) return { region, city };
  return { region: random.chance(0.6) ? region : null, city: null };
}

/** An avatar: gradient background, shoulders, head, hair in the profile's hair colour, sometimes glasses or a beard. */
export function drawAvatar(random: Random, gender: Gender, hairColor: string): string {
  const hue = random.integer(0, 359);
  const skin = random.pick(SKIN_TONES);
  const hair = HAIR_FILLS[hairColor] ?? '#5a3825';
  const shirt = `hsl(${random.integer(0, 359)},${random.integer(35, 70)}%,${random.integer(30, 55)}%)`;
  const isLongHair = gender === 'female' ? random.chance(0.8) : random.chance(0.1);
  const headX = 320 + random.integer(-30, 30);
  const parts = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,72%)"/><stop offset="1" stop-color="hsl(${(hue + random.integer(30, 90)) % 360},60%,45%)"/></linearGradient></defs>`,
    `<rect width="640" height="640" fill="url(#bg)"/>`,
    `<circle cx="${random.integer(60, 580)}" cy="${random.integer(40, 200)}" r="${random.integer(30, 90)}" fill="rgba(255,255,255,0.18)"/>`,
    hair !== 'none' && isLongHair
      ? `<rect x="${headX - 135}" y="200" width="270" height="${random.integer(200, 280)}" rx="90" fill="${hair}"/>`
      : '',
    `<ellipse cx="320" cy="610" rx="${random.integer(190, 240)}" ry="170" fill="${shirt}"/>`,
    `<rect x="${headX - 35}" y="330" width="70" height="100" fill="${skin}"/>`,
    `<ellipse cx="${headX}" cy="250" rx="${random.integer(100, 120)}" ry="${random.integer(130, 145)}" fill="${skin}"/>`,
    hair !== 'none'
      ? `<path d="M${headX - 120} 240 Q${headX} ${random.integer(40, 90)} ${headX + 120} 240 Q${headX + 110} 140 ${headX} 108 Q${headX - 110} 140 ${headX - 120} 240Z" fill="${hair}"/>`
      : '',
    `<circle cx="${headX - 40}" cy="255" r="10" fill="#222"/><circle cx="${headX + 40}" cy="255" r="10" fill="#222"/>`,
    random.chance(0.25)
      ? `<g fill="none" stroke="#222" stroke-width="6"><circle cx="${headX - 40}" cy="255" r="26"/><circle cx="${headX + 40}" cy="255" r="26"/><path d="M${headX - 14} 255 H${headX + 14}"/></g>`
      : '',
    gender === 'male' && random.chance(0.3)
      ? `<path d="M${headX - 85} 300 Q${headX} 420 ${headX + 85} 300 Q${headX} 360 ${headX - 85} 300Z" fill="${hair === 'none' ? '#5a3825' : hair}"/>`
      : '',
    `<path d="M${headX - 35} 322 Q${headX} ${random.integer(338, 352)} ${headX + 35} 322" stroke="#8a3b2a" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIDE}" height="${PHOTO_SIDE}" viewBox="0 0 640 640">${parts.join('')}</svg>`;
}

export type Draft = {
  profile: Omit<typeof profiles.$inferInsert, 'userId'>;
  email: string | null;
  photos: { svg: string; isPrivate: boolean; isMain: boolean }[];
};

/**
 * Demo member number `index + 1`: about 10% fictional (no account). `random` draws the member's values, `extras` the
 * prompts and badges (their own sequence, so the other values stay what they were).
 */
export function draftMember(random: Random, extras: Random, index: number, siteId: number, now: Date): Draft {
  const gender: Gender = random.chance(0.55) ? 'female' : 'male';
  const country = random.pick(SPEC_COUNTRIES);
  const place = placeFor(random, country);
  const hairColor = random.pick(HAIR_COLORS);
  const isFictional = random.chance(0.1);
  const photoCount = random.chance(0.06) ? 0 : random.integer(1, 3);
  const draftPhotos = Array.from({ length: photoCount }, (_, photoIndex) => ({
    svg: drawAvatar(random, gender, hairColor),
    isPrivate: photoIndex > 0 && random.chance(0.3),
    isMain: photoIndex === 0,
  }));
  const createdAt = new Date(now.getTime() - random.integer(0, 90 * 24 * 3600) * 1000);
  return {
    email: isFictional ? null : `demo.member${index + 1}@example.com`,
    photos: draftPhotos,
    profile: {
      siteId: siteId,
      name: `${random.pick(gender === 'female' ? FEMALE_NAMES : MALE_NAMES)}${random.integer(10, 99)}`,
      status: 'active',
      gender,
      sexuality: sexualityFor(random, gender),
      dateOfBirth: dateOfBirthFor(random, now),
      country,
      region: place.region,
      city: place.city,
      aboutMe: random.chance(0.85) ? `${random.pick(ABOUT_OPENINGS)} ${random.pick(ABOUT_ENDINGS)}` : null,
      relationshipStatus: random.pick(RELATIONSHIP_STATUSES),
      bodyType: random.pick(BODY_TYPES),
      hairColor,
      eyeColor: random.pick(EYE_COLORS),
      tattoos: random.pick(TATTOO_OPTIONS),
      signupReason: random.pick(SIGNUP_REASONS),
      interests: random.sample(INTEREST_KEYS, random.integer(3, 7)),
      prompts: extras
        .sample(DEMO_PROMPTS, extras.integer(0, 3))
        .map(([prompt, answers]) => ({ prompt, answer: extras.pick(answers) })),
      // A badge means staff saw a selfie: only members with an account and a photo (docs/verification.md).
      verifiedAt: !isFictional && photoCount > 0 && extras.chance(0.35) ? createdAt : null,
      isFictional,
      isInvisible: random.chance(0.03),
      // Most demo members agreed to appear in the site's ads, so the landers have faces (docs/landers.md).
      showInAds: !isFictional && extras.chance(0.7),
      createdAt,
      // Active some day between joining and today (search relevance buckets by day); fictional ones too.
      lastActiveDay: new Date(createdAt.getTime() + random.next() * (now.getTime() - createdAt.getTime()))
        .toISOString()
        .slice(0, 10),
    },
  };
}
