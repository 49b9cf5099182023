// Development demo members: a few hundred varied profiles with avatar photos drawn locally (SVG rendered by sharp), and likes for the demo user.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTEREST_KEYS,
  RELATIONSHIP_STATUSES,
  SIGNUP_REASONS,
  SIGNUP_STEPS,
  TATTOO_OPTIONS,
  type Gender,
  type ProfilePromptKey,
  type Sexuality,
} from '@app/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import { likes, matches, photos, profiles, users, type ProfileRow } from '../../db/schema/index.ts';
import type { Effects, Outbox } from '../../plugins/outbox/index.ts';
import { newPhotoKeys, type FileStorage } from '../../plugins/storage/index.ts';
import { hashPassword } from '../accounts/index.ts';
import { SPEC_COUNTRIES } from '../sites/index.ts';

export const DEMO_MEMBER_COUNT = 500;
/** Every demo member can log in with demo.member<N>@example.com and this password (development only). */
export const DEMO_MEMBER_PASSWORD = 'demo1234';
const INSERT_BATCH = 200;
const RENDER_CONCURRENCY = 4;
const PHOTO_SIDE = 640;
const THUMB_SIDE = 400;

const FEMALE_NAMES = [
  'Anna',
  'Sofie',
  'Emma',
  'Julia',
  'Lotte',
  'Mia',
  'Lena',
  'Chloé',
  'Giulia',
  'Lucía',
  'Zofia',
  'Freja',
  'Aino',
  'Ingrid',
  'Elsa',
  'Olivia',
  'Aoife',
  'Grace',
  'Ruby',
  'Maya',
  'Clara',
  'Marta',
  'Nora',
  'Ida',
];
const MALE_NAMES = [
  'Daan',
  'Lucas',
  'Noah',
  'Finn',
  'Jonas',
  'Luca',
  'Hugo',
  'Mateo',
  'Jakub',
  'Magnus',
  'Eero',
  'Lars',
  'Oskar',
  'Liam',
  'Seán',
  'Oliver',
  'Jack',
  'Ethan',
  'Leo',
  'Max',
  'Tom',
  'Milan',
  'Elias',
  'Arthur',
];
/** Demo cities with the code (GET /api/regions.php) of the region they lie in, so city, region and country agree. */
export const DEMO_CITIES: Record<string, [city: string, region: string][]> = {
  NL: [
    ['Amsterdam', 'NH'],
    ['Haarlem', 'NH'],
    ['Rotterdam', 'ZH'],
    ['Den Haag', 'ZH'],
    ['Utrecht', 'UT'],
    ['Groningen', 'GR'],
    ['Eindhoven', 'NB'],
    ['Zwolle', 'OV'],
    ['Enschede', 'OV'],
    ['Arnhem', 'GE'],
    ['Nijmegen', 'GE'],
    ['Maastricht', 'LI'],
    ['Leeuwarden', 'FR'],
    ['Almere', 'FL'],
    ['Middelburg', 'ZE'],
    ['Assen', 'DR'],
  ],
  BE: [
    ['Antwerpen', 'VAN'],
    ['Gent', 'VOV'],
    ['Brugge', 'VWV'],
    ['Leuven', 'VBR'],
    ['Brussel', 'BRU'],
    ['Liège', 'WLG'],
    ['Namur', 'WNA'],
    ['Charleroi', 'WHT'],
  ],
  DE: [
    ['Berlin', 'BE'],
    ['Hamburg', 'HH'],
    ['München', 'BY'],
    ['Nürnberg', 'BY'],
    ['Köln', 'NW'],
    ['Düsseldorf', 'NW'],
    ['Frankfurt am Main', 'HE'],
    ['Stuttgart', 'BW'],
    ['Leipzig', 'SN'],
    ['Dresden', 'SN'],
    ['Bremen', 'HB'],
    ['Hannover', 'NI'],
  ],
  AT: [
    ['Wien', '9'],
    ['Graz', '6'],
    ['Linz', '4'],
    ['Salzburg', '5'],
    ['Innsbruck', '7'],
    ['Klagenfurt', '2'],
  ],
  CH: [
    ['Zürich', 'ZH'],
    ['Genève', 'GE'],
    ['Bern', 'BE'],
    ['Basel', 'BS'],
    ['Lausanne', 'VD'],
    ['Luzern', 'LU'],
    ['Lugano', 'TI'],
    ['St. Gallen', 'SG'],
  ],
  FR: [
    ['Paris', 'IDF'],
    ['Lyon', 'ARA'],
    ['Marseille', 'PAC'],
    ['Nice', 'PAC'],
    ['Toulouse', 'OCC'],
    ['Nantes', 'PDL'],
    ['Bordeaux', 'NAQ'],
    ['Lille', 'HDF'],
    ['Strasbourg', 'GES'],
    ['Rennes', 'BRE'],
  ],
  IT: [
    ['Roma', '62'],
    ['Milano', '25'],
    ['Napoli', '72'],
    ['Torino', '21'],
    ['Bologna', '45'],
    ['Firenze', '52'],
    ['Palermo', '82'],
    ['Venezia', '34'],
    ['Bari', '75'],
    ['Genova', '42'],
  ],
  ES: [
    ['Madrid', 'M'],
    ['Barcelona', 'B'],
    ['Valencia', 'V'],
    ['Sevilla', 'SE'],
    ['Málaga', 'MA'],
    ['Bilbao', 'BI'],
    ['Zaragoza', 'Z'],
    ['Alicante', 'A'],
  ],
  PL: [
    ['Warszawa', '14'],
    ['Kraków', '12'],
    ['Gdańsk', '22'],
    ['Wrocław', '02'],
    ['Poznań', '30'],
    ['Łódź', '10'],
    ['Lublin', '06'],
    ['Szczecin', '32'],
  ],
  DK: [
    ['København', 'DK-84'],
    ['Aarhus', 'DK-82'],
    ['Odense', 'DK-83'],
    ['Aalborg', 'DK-81'],
    ['Roskilde', 'DK-85'],
  ],
  FI: [
    ['Helsinki', 'FI-18'],
    ['Espoo', 'FI-18'],
    ['Tampere', 'FI-11'],
    ['Turku', 'FI-19'],
    ['Oulu', 'FI-14'],
    ['Jyväskylä', 'FI-08'],
  ],
  NO: [
    ['Oslo', '03'],
    ['Bergen', '46'],
    ['Trondheim', '50'],
    ['Stavanger', '11'],
    ['Kristiansand', '09'],
    ['Tromsø', '54'],
  ],
  SE: [
    ['Stockholm', 'AB'],
    ['Göteborg', 'O'],
    ['Malmö', 'M'],
    ['Uppsala', 'C'],
    ['Örebro', 'T'],
    ['Linköping', 'E'],
  ],
  GB: [
    ['London', 'LND'],
    ['Manchester', 'MAN'],
    ['Leeds', 'LDS'],
    ['Birmingham', 'BIR'],
    ['Liverpool', 'LIV'],
    ['Bristol', 'BST'],
    ['Glasgow', 'GLG'],
    ['Edinburgh', 'EDH'],
    ['Cardiff', 'CRF'],
    ['Belfast', 'BFS'],
  ],
  IE: [
    ['Dublin', 'D'],
    ['Cork', 'CO'],
    ['Galway', 'G'],
    ['Limerick', 'LK'],
    ['Waterford', 'WD'],
  ],
  US: [
    ['New York', 'NY'],
    ['Chicago', 'IL'],
    ['Austin', 'TX'],
    ['Houston', 'TX'],
    ['Los Angeles', 'CA'],
    ['San Francisco', 'CA'],
    ['Seattle', 'WA'],
    ['Miami', 'FL'],
    ['Boston', 'MA'],
    ['Denver', 'CO'],
  ],
  CA: [
    ['Toronto', 'ON'],
    ['Ottawa', 'ON'],
    ['Montréal', 'QC'],
    ['Vancouver', 'BC'],
    ['Calgary', 'AB'],
    ['Halifax', 'NS'],
    ['Winnipeg', 'MB'],
  ],
  AU: [
    ['Sydney', 'NSW'],
    ['Melbourne', 'VIC'],
    ['Brisbane', 'QLD'],
    ['Perth', 'WA'],
    ['Adelaide', 'SA'],
    ['Hobart', 'TAS'],
    ['Canberra', 'ACT'],
  ],
  NZ: [
    ['Auckland', 'AUK'],
    ['Wellington', 'WGN'],
    ['Christchurch', 'CAN'],
    ['Dunedin', 'OTA'],
    ['Hamilton', 'WKO'],
    ['Tauranga', 'BOP'],
  ],
};
const ABOUT_OPENINGS = [
  'Easy-going and curious.',
  'Always up for something new.',
  'Coffee first, then adventures.',
  'Weekend traveller, weekday dreamer.',
  'Honest, warm and a little bit nerdy.',
];
const ABOUT_ENDINGS = [
  'Say hi if you like what you see!',
  'Looking for someone to laugh with.',
  'Tell me about your favourite place.',
  'Let us see where a chat takes us.',
];
/** Demo answers to the prompt catalogue (packages/contracts/src/prompts.ts); the demo's members write English. */
const DEMO_PROMPTS: [ProfilePromptKey, string[]][] = [
  ['perfect_sunday', ['Market in the morning, a long lunch, a nap I will deny.', 'Rain outside, pancakes inside.']],
  ['green_flag', ['You are kind to waiters.', 'You ask a second question.']],
  [
    'two_truths_lie',
    ['I have met a king, I can juggle, I hate cheese.', 'I ran a marathon, I speak four languages, I never get lost.'],
  ],
  ['simple_pleasure', ['The first coffee, in silence.', 'Clean sheets on a Friday.']],
  ['best_trip', ['Lisbon by tram, no plan at all.', 'Cycling the Danube for two weeks.']],
  ['first_date', ['A walk and an ice cream, whatever the weather.', 'A quiz night: we are a team from minute one.']],
  ['unusual_skill', ['I can name any song in three notes.', 'Parallel parking, first time, every time.']],
  ['comfort_food', ["My grandmother's soup.", 'Fries with too much mayonnaise.']],
  ['geek_out', ['Old maps and train timetables.', 'Sourdough. Ask me anything.']],
];

const SKIN_TONES = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#d9a27a'];
const HAIR_FILLS: Record<string, string> = {
  black: '#1b1b1b',
  brown: '#5a3825',
  blonde: '#e6c86e',
  red: '#b5432a',
  grey: '#9a9a9a',
  white: '#eeeeee',
  bald: 'none',
  other: '#6b3fa0',
};

/** A small deterministic pseudo-random generator (mulberry32), so the demo data looks the same on every fresh database. */
function createRandom(seed: number) {
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
type Random = ReturnType<typeof createRandom>;

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

/** Runs `task` over `items` with at most `limit` at a time (sharp renders on the libuv thread pool). */
async function mapLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let index = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (index < items.length) {
      const current = index++;
      results[current] = await task(items[current]!);
    }
  });
  await Promise.all(workers);
  return results;
}

async function insertInBatches<T>(items: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += INSERT_BATCH)
    await insert(items.slice(start, start + INSERT_BATCH));
}

export type DemoMembersResult = { members: number; photos: number; likesOfDemoUser: number; matchesOfDemoUser: number };

/**
 * Creates `count` demo members on `siteId`: about 10% fictional (no account), the rest activated accounts;
 * photos are rendered and stored first, then every row is inserted in one transaction (all or nothing).
 * When `demoProfileId` is given, some members like the demo user and some of those are liked back (matches).
 */
export async function seedDemoMembers(deps: {
  db: Database;
  /** When given, the insert is an outbox transaction: the demo member's likes poll hears of what it added. */
  outbox?: Pick<Outbox, 'transaction'>;
  storage: FileStorage;
  siteId: number;
  now: Date;
  count?: number;
  demoProfileId?: number | null;
  /** Checked between steps: a closing app stops the seeding. */
  isAborted?: () => boolean;
}): Promise<DemoMembersResult> {
  const count = deps.count ?? DEMO_MEMBER_COUNT;
  const random = createRandom(20240601 + count);
  // Prompts and badges draw from their own sequence, so the members' other values stay what they were.
  const extras = createRandom(20261129 + count);
  const passwordHash = await hashPassword(DEMO_MEMBER_PASSWORD);

  type Draft = {
    profile: Omit<typeof profiles.$inferInsert, 'userId'>;
    email: string | null;
    photos: { svg: string; isPrivate: boolean; isMain: boolean }[];
  };
  const drafts: Draft[] = Array.from({ length: count }, (_, index) => {
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
    const createdAt = new Date(deps.now.getTime() - random.integer(0, 90 * 24 * 3600) * 1000);
    return {
      email: isFictional ? null : `demo.member${index + 1}@example.com`,
      photos: draftPhotos,
      profile: {
        siteId: deps.siteId,
        name: `${random.pick(gender === 'female' ? FEMALE_NAMES : MALE_NAMES)}${random.integer(10, 99)}`,
        status: 'active',
        gender,
        sexuality: sexualityFor(random, gender),
        dateOfBirth: dateOfBirthFor(random, deps.now),
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
        lastActiveDay: new Date(createdAt.getTime() + random.next() * (deps.now.getTime() - createdAt.getTime()))
          .toISOString()
          .slice(0, 10),
      },
    };
  });

  // Photos first, outside the transaction: rendering is the slow part.
  const photoJobs = drafts.flatMap((draft, draftIndex) => draft.photos.map((photo) => ({ draftIndex, photo })));
  const storedPhotos = await mapLimit(photoJobs, RENDER_CONCURRENCY, async ({ draftIndex, photo }) => {
    if (deps.isAborted?.()) throw new Error('demo seeding aborted');
    const full = await sharp(Buffer.from(photo.svg)).jpeg({ quality: 80 }).toBuffer();
    const thumb = await sharp(full).resize(THUMB_SIDE, THUMB_SIDE).jpeg({ quality: 76 }).toBuffer();
    const keys = newPhotoKeys(photo.isPrivate);
    await Promise.all([deps.storage.write(keys.fileKey, full), deps.storage.write(keys.thumbKey, thumb)]);
    return { draftIndex, ...keys, isPrivate: photo.isPrivate, isMain: photo.isMain };
  });
  if (deps.isAborted?.()) throw new Error('demo seeding aborted');

  const insert = async (tx: Transaction, effects?: Effects): Promise<DemoMembersResult> => {
    const accountDrafts = drafts.filter((draft) => draft.email);
    const userIds = new Map<string, number>();
    await insertInBatches(accountDrafts, async (batch) => {
      const rows = await tx
        .insert(users)
        .values(
          batch.map((draft) => ({
            siteId: deps.siteId,
            email: draft.email!,
            passwordHash,
            status: 'active' as const,
            activatedAt: draft.profile.createdAt,
            language: 'en',
            signupStep: SIGNUP_STEPS.done,
            createdAt: draft.profile.createdAt,
          })),
        )
        .returning({ id: users.id, email: users.email });
      for (const row of rows) userIds.set(row.email, row.id);
    });

    const profileRows: ProfileRow[] = [];
    await insertInBatches(drafts, async (batch) => {
      profileRows.push(
        ...(await tx
          .insert(profiles)
          .values(batch.map((draft) => ({ ...draft.profile, userId: draft.email ? userIds.get(draft.email)! : null })))
          .returning()),
      );
    });
    await insertInBatches(storedPhotos, (batch) =>
      tx.insert(photos).values(
        batch.map((photo) => ({
          profileId: profileRows[photo.draftIndex]!.id,
          fileKey: photo.fileKey,
          thumbKey: photo.thumbKey,
          width: PHOTO_SIDE,
          height: PHOTO_SIDE,
          isPrivate: photo.isPrivate,
          isMain: photo.isMain,
        })),
      ),
    );

    let likesOfDemoUser = 0;
    let matchesOfDemoUser = 0;
    if (deps.demoProfileId) {
      const demoId = deps.demoProfileId;
      const likers = random.sample(profileRows, Math.min(25, profileRows.length));
      await tx
        .insert(likes)
        .values(
          likers.map((liker, index) => ({ profileId: liker.id, targetProfileId: demoId, isNew: index % 2 === 0 })),
        );
      likesOfDemoUser = likers.length;
      // The demo user likes back six of them (matches) and likes four others.
      const likedBack = likers.slice(0, 6);
      const others = profileRows.filter((row) => !likers.includes(row)).slice(0, 4);
      await tx
        .insert(likes)
        .values([...likedBack, ...others].map((row) => ({ profileId: demoId, targetProfileId: row.id })));
      // History, not news: both sides have seen these matches (no match moment waits for the demo user).
      const seenAt = new Date();
      await tx.insert(matches).values(
        likedBack.map((row) => ({
          lowProfileId: Math.min(row.id, demoId),
          highProfileId: Math.max(row.id, demoId),
          lowSeenAt: seenAt,
          highSeenAt: seenAt,
        })),
      );
      matchesOfDemoUser = likedBack.length;
      // The demo member may have polled likes.php while the seed ran.
      await effects?.emit('poll.changed', { kinds: ['likes'], profileIds: [demoId] });
    }
    return { members: profileRows.length, photos: storedPhotos.length, likesOfDemoUser, matchesOfDemoUser };
  };
  return deps.outbox ? deps.outbox.transaction(insert) : deps.db.transaction((tx) => insert(tx));
}

/** Fills in the demo user's own preferences (gender, sexuality, region, city) so suggestions and the swipe game work for it. */
export async function completeDemoProfile(db: Database, profileId: number): Promise<void> {
  await db
    .update(profiles)
    .set({
      gender: 'male',
      sexuality: 'hetero',
      region: 'NH',
      city: 'Amsterdam',
      interests: ['travelling', 'music', 'coffee'],
    })
    .where(eq(profiles.id, profileId));
}
