// Photos as the staff console reads them: a photo with its review, its owner's name and account and the site's cdn
// prefix (one shape for the queues, a member's photos and a report's photo), the photos of profiles beside their
// verification selfies, and a photo with its owner's contact for the rejection mail. Read only.
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  photoReviews,
  photos,
  photoScreenings,
  profiles,
  reports,
  sites,
  users,
  type PhotoRow,
  type PhotoScreeningRow,
} from '../../db/schema/index.ts';

/** The queue's order (docs/safety.md): most likely explicit first; not screened yet, or failed, counts as 1. */
const queueScore = sql<number>`coalesce(${photoScreenings.score}, 1::real)`;

const staffPhotoSelect = (executor: Executor) =>
  executor
    .select({
      photo: photos,
      reviewed: photoReviews.photoId,
      name: profiles.name,
      userId: profiles.userId,
      cdnPrefix: sites.cdnPrefix,
      // Safety's screening of the photo (docs/safety.md), read beside it.
      screening: {
        status: photoScreenings.status,
        score: photoScreenings.score,
        isExplicit: photoScreenings.isExplicit,
        labels: photoScreenings.labels,
      },
      queueScore,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .innerJoin(sites, eq(sites.id, profiles.siteId))
    .leftJoin(photoReviews, eq(photoReviews.photoId, photos.id))
    .leftJoin(photoScreenings, eq(photoScreenings.photoId, photos.id));

export type StaffPhotoScreening = Pick<PhotoScreeningRow, 'status' | 'score' | 'isExplicit' | 'labels'>;
export type StaffPhotoRow = {
  photo: PhotoRow;
  reviewed: number | null;
  name: string;
  userId: number | null;
  cdnPrefix: string;
  screening: StaffPhotoScreening | null;
  /** The queue's sort key: the explicit score, 1 while not screened. */
  queueScore: number;
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
 * A page of a moderation queue, most likely explicit first (then newest first), `limit + 1` rows: `new` photos no
 * staff member approved yet, `reported` photos named by open photo reports. `after`: the last row shown (its queue
 * score and id).
 */
export function listStaffPhotoQueue(
  executor: Executor,
  query: { queue: 'new' | 'reported'; after?: { score: number; id: number }; limit: number },
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
    .where(
      and(
        inQueue,
        query.after ? sql`(${queueScore}, ${photos.id}) < (${query.after.score}::real, ${query.after.id})` : undefined,
      ),
    )
    .orderBy(desc(queueScore), desc(photos.id))
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
