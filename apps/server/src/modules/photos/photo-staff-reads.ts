// Photos as the staff console reads them: a photo with its review, its owner's name and account and the site's cdn
// prefix (one shape for the queues, a member's photos and a report's photo), the photos of profiles beside their
// verification selfies, and a photo with its owner's contact for the rejection mail. Read only.
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { photoReviews, photos, profiles, reports, sites, users, type PhotoRow } from '../../db/schema/index.ts';

const staffPhotoSelect = (executor: Executor) =>
  executor
    .select({
      photo: photos,
      reviewed: photoReviews.photoId,
      name: profiles.name,
      userId: profiles.userId,
      cdnPrefix: sites.cdnPrefix,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .innerJoin(sites, eq(sites.id, profiles.siteId))
    .leftJoin(photoReviews, eq(photoReviews.photoId, photos.id));

export type StaffPhotoRow = {
  photo: PhotoRow;
  reviewed: number | null;
  name: string;
  userId: number | null;
  cdnPrefix: string;
};

export async function findStaffPhoto(executor: Executor, photoId: number): Promise<StaffPhotoRow | undefined> {
  const [row] = await staffPhotoSelect(executor).where(eq(photos.id, photoId));
  return row;
}

/** Every photo of a profile, newest first. */
export function listStaffPhotosOfProfile(executor: Executor, profileId: number): Promise<StaffPhotoRow[]> {
  return staffPhotoSelect(executor).where(eq(photos.profileId, profileId)).orderBy(desc(photos.id));
}

/**
 * A page of a moderation queue, newest first, `limit + 1` rows: `new` photos no staff member approved yet,
 * `reported` photos named by open photo reports.
 */
export function listStaffPhotoQueue(
  executor: Executor,
  query: { queue: 'new' | 'reported'; beforeId?: number; limit: number },
): Promise<StaffPhotoRow[]> {
  const inQueue =
    query.queue === 'new'
      ? isNull(photoReviews.photoId)
      : inArray(
          photos.id,
          executor
            .selectDistinct({ id: reports.photoId })
            .from(reports)
            .where(and(eq(reports.status, 'open'), eq(reports.target, 'photo'))),
        );
  return staffPhotoSelect(executor)
    .where(and(inQueue, query.beforeId !== undefined ? lt(photos.id, query.beforeId) : undefined))
    .orderBy(desc(photos.id))
    .limit(query.limit + 1);
}

/** The stored row of any photo, private ones included. */
export async function findPhotoRow(executor: Executor, photoId: number): Promise<PhotoRow | undefined> {
  const [row] = await executor.select().from(photos).where(eq(photos.id, photoId));
  return row;
}

/** The main photo of a profile, if it has one. */
export async function findMainPhoto(executor: Executor, profileId: number): Promise<PhotoRow | undefined> {
  const [row] = await executor
    .select()
    .from(photos)
    .where(and(eq(photos.profileId, profileId), sql`${photos.isMain}`))
    .limit(1);
  return row;
}

/** The photos of several profiles with their site's cdn prefix, main photos first. */
export function listPhotosOfProfiles(
  executor: Executor,
  profileIds: number[],
): Promise<{ photo: PhotoRow; cdnPrefix: string }[]> {
  if (!profileIds.length) return Promise.resolve([]);
  return executor
    .select({ photo: photos, cdnPrefix: sites.cdnPrefix })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .innerJoin(sites, eq(sites.id, profiles.siteId))
    .where(inArray(photos.profileId, profileIds))
    .orderBy(desc(photos.isMain), asc(photos.id));
}

/** A photo with its owner's name, account, address and language, and the site (the rejection mail). */
export async function findPhotoWithOwner(executor: Executor, photoId: number) {
  const [row] = await executor
    .select({
      photo: photos,
      profileName: profiles.name,
      userId: profiles.userId,
      email: users.email,
      language: users.language,
      site: sites,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .innerJoin(sites, eq(sites.id, profiles.siteId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(eq(photos.id, photoId));
  return row;
}
