// Reports as the staff console reads them: a report with both parties (name, account, main photo key) and its site's
// cdn prefix, the queue by status and site, a member's reports made or received, and counts. Read only.
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReportStatus } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { photos, profiles, reports, sites } from '../../db/schema/index.ts';

const reporter = alias(profiles, 'reporter');
const reported = alias(profiles, 'reported');
const mainPhotoKey = (profileId: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${photos.fileKey} from ${photos} where ${photos.profileId} = ${profileId} and ${photos.isMain} limit 1)`;

function staffReportSelect(executor: Executor) {
  return executor
    .select({
      report: reports,
      reporterName: reporter.name,
      reporterUserId: reporter.userId,
      reporterPhoto: mainPhotoKey(reporter.id),
      reportedName: reported.name,
      reportedUserId: reported.userId,
      reportedPhoto: mainPhotoKey(reported.id),
      cdnPrefix: sites.cdnPrefix,
    })
    .from(reports)
    .innerJoin(sites, eq(sites.id, reports.siteId))
    .leftJoin(reporter, eq(reporter.id, reports.reporterProfileId))
    .leftJoin(reported, eq(reported.id, reports.reportedProfileId));
}
export type StaffReportRow = Awaited<ReturnType<ReturnType<typeof staffReportSelect>['execute']>>[number];

export async function findStaffReport(executor: Executor, reportId: number): Promise<StaffReportRow | undefined> {
  const [row] = await staffReportSelect(executor).where(eq(reports.id, reportId));
  return row;
}

/** A page of reports of one status, `limit + 1` rows: open ones oldest first (a queue), handled ones newest first. */
export function listStaffReportsPage(
  executor: Executor,
  query: { status: ReportStatus; siteId?: number; afterId?: number; limit: number },
): Promise<StaffReportRow[]> {
  const isQueue = query.status === 'open';
  const after = query.afterId;
  return staffReportSelect(executor)
    .where(
      and(
        eq(reports.status, query.status),
        query.siteId ? eq(reports.siteId, query.siteId) : undefined,
        after !== undefined ? (isQueue ? sql`${reports.id} > ${after}` : lt(reports.id, after)) : undefined,
      ),
    )
    .orderBy(isQueue ? asc(reports.id) : desc(reports.id))
    .limit(query.limit + 1);
}

/** A page of the reports about (`received`) or by (`made`) a profile, newest first, `limit + 1` rows. */
export function listProfileReportsPage(
  executor: Executor,
  query: { profileId: number; direction: 'received' | 'made'; beforeId?: number; limit: number },
): Promise<StaffReportRow[]> {
  const column = query.direction === 'received' ? reports.reportedProfileId : reports.reporterProfileId;
  return staffReportSelect(executor)
    .where(and(eq(column, query.profileId), query.beforeId !== undefined ? lt(reports.id, query.beforeId) : undefined))
    .orderBy(desc(reports.id))
    .limit(query.limit + 1);
}

/** How many reports a profile received and made. */
export async function countReportsOfProfile(executor: Executor, profileId: number) {
  const [counts] = await executor
    .select({
      received: sql<number>`count(*) filter (where ${reports.reportedProfileId} = ${profileId})`.mapWith(Number),
      made: sql<number>`count(*) filter (where ${reports.reporterProfileId} = ${profileId})`.mapWith(Number),
    })
    .from(reports)
    .where(or(eq(reports.reportedProfileId, profileId), eq(reports.reporterProfileId, profileId)));
  return { received: counts?.received ?? 0, made: counts?.made ?? 0 };
}

/** The reports about a profile, counted by status. */
export function countReportsByStatus(executor: Executor, reportedProfileId: number) {
  return executor
    .select({ status: reports.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(reports)
    .where(eq(reports.reportedProfileId, reportedProfileId))
    .groupBy(reports.status);
}

/** Open reports per photo, for the photos given. */
export async function countOpenReportsOfPhotos(executor: Executor, photoIds: number[]): Promise<Map<number, number>> {
  if (!photoIds.length) return new Map<number, number>();
  const rows = await executor
    .select({ photoId: reports.photoId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(reports)
    .where(and(inArray(reports.photoId, photoIds), eq(reports.status, 'open')))
    .groupBy(reports.photoId);
  return new Map(rows.map((row) => [row.photoId!, row.count]));
}
