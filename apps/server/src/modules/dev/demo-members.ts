// Development demo members: a few hundred varied profiles with avatar photos drawn locally (SVG rendered by sharp), and likes for the demo user.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { SIGNUP_STEPS } from '@app/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import { likes, matches, photos, profiles, users, type ProfileRow } from '../../db/schema/index.ts';
import type { Effects, Outbox } from '../../plugins/outbox/index.ts';
import { newPhotoKeys, type FileStorage } from '../../plugins/storage/index.ts';
import { hashPassword } from '../accounts/index.ts';
import { PHOTO_SIDE, createRandom, draftMember, type Draft, type Random } from './demo-drafts.ts';

export const DEMO_MEMBER_COUNT = 500;
/** Every demo member can log in with demo.member<N>@example.com and this password (development only). */
export const DEMO_MEMBER_PASSWORD = 'demo1234';
const INSERT_BATCH = 200;
const RENDER_CONCURRENCY = 4;
const THUMB_SIDE = 400;

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

type StoredPhoto = { draftIndex: number; fileKey: string; thumbKey: string; isPrivate: boolean; isMain: boolean };

/** Renders and stores every draft's photos, outside any transaction: rendering is the slow part. */
async function renderPhotos(drafts: Draft[], storage: FileStorage, isAborted?: () => boolean): Promise<StoredPhoto[]> {
  const photoJobs = drafts.flatMap((draft, draftIndex) => draft.photos.map((photo) => ({ draftIndex, photo })));
  return mapLimit(photoJobs, RENDER_CONCURRENCY, async ({ draftIndex, photo }) => {
    if (isAborted?.()) throw new Error('demo seeding aborted');
    const full = await sharp(Buffer.from(photo.svg)).jpeg({ quality: 80 }).toBuffer();
    const thumb = await sharp(full).resize(THUMB_SIDE, THUMB_SIDE).jpeg({ quality: 76 }).toBuffer();
    const keys = newPhotoKeys(photo.isPrivate);
    await Promise.all([storage.write(keys.fileKey, full), storage.write(keys.thumbKey, thumb)]);
    return { draftIndex, ...keys, isPrivate: photo.isPrivate, isMain: photo.isMain };
  });
}

type MemberRows = { drafts: Draft[]; storedPhotos: StoredPhoto[]; siteId: number; passwordHash: string };

/** The accounts, profiles and photos of the drafts, in batches. */
async function insertMembers(tx: Transaction, { drafts, storedPhotos, siteId, passwordHash }: MemberRows) {
  const accountDrafts = drafts.filter((draft) => draft.email);
  const userIds = new Map<string, number>();
  await insertInBatches(accountDrafts, async (batch) => {
    const rows = await tx
      .insert(users)
      .values(
        batch.map((draft) => ({
          siteId: siteId,
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

  return profileRows;
}

/**
 * Some members like the demo user, some of those are liked back (matches, seen by both), and the demo user likes a few
 * others.
 */
async function likeDemoUser(
  tx: Transaction,
  random: Random,
  profileRows: ProfileRow[],
  demoId: number,
  effects?: Effects,
): Promise<Pick<DemoMembersResult, 'likesOfDemoUser' | 'matchesOfDemoUser'>> {
  const likers = random.sample(profileRows, Math.min(25, profileRows.length));
  await tx
    .insert(likes)
    .values(likers.map((liker, index) => ({ profileId: liker.id, targetProfileId: demoId, isNew: index % 2 === 0 })));

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
  // The demo member may have polled likes.php while the seed ran.
  await effects?.emit('poll.changed', { kinds: ['likes'], profileIds: [demoId] });
  return { likesOfDemoUser: likers.length, matchesOfDemoUser: likedBack.length };
}

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

  const drafts = Array.from({ length: count }, (_, index) => draftMember(random, extras, index, deps.siteId, deps.now));

  const storedPhotos = await renderPhotos(drafts, deps.storage, deps.isAborted);
  if (deps.isAborted?.()) throw new Error('demo seeding aborted');

  const insert = async (tx: Transaction, effects?: Effects): Promise<DemoMembersResult> => {
    const profileRows = await insertMembers(tx, { drafts, storedPhotos, siteId: deps.siteId, passwordHash });
    const demo = deps.demoProfileId
      ? await likeDemoUser(tx, random, profileRows, deps.demoProfileId, effects)
      : { likesOfDemoUser: 0, matchesOfDemoUser: 0 };
    return { members: profileRows.length, photos: storedPhotos.length, ...demo };
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
