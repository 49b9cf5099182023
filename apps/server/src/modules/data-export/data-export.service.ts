// GDPR export (docs/data-export.md): "Download my data" queues a job that zips the member's data (JSON files plus
// the photo files), stores it privately, and mails a signed link; the link needs the member's session AND a valid,
// unexpired signature; an hourly job deletes files past their time. One request per 24 hours.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DATA_EXPORT_INTERVAL_HOURS } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import type { DataExportDeps } from './data-export-deps.ts';
import { buildExport } from './export-build.ts';

export { zipEntries } from './export-build.ts';
export const DATA_EXPORT_BUILD_JOB = 'data-export.build';
const HOUR_MS = 60 * 60_000;

export const dataExportLimited = () => new AppError(429, 'data_export_limited');
export const dataExportLinkInvalid = () => new AppError(404, 'data_export_link_invalid');
export const dataExportLinkExpired = () => new AppError(410, 'data_export_link_expired');

/** The signed links: made for the mail, and checked on download. */
function createExportLinks(deps: Pick<DataExportDeps, 'repo' | 'storage' | 'signingKey' | 'now'>) {
  const { repo } = deps;
  const signatureOf = (id: number, userId: number, expires: number) =>
    createHmac('sha256', deps.signingKey).update(`data-export:${id}:${userId}:${expires}`).digest('base64url');

  return {
    /** The mailed link's path and query for an export (expires: Unix seconds). */
    linkPath(id: number, userId: number, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `/api/data-export.php?id=${id}&expires=${expires}&sig=${signatureOf(id, userId, expires)}`;
    },

    /**
     * The file of a download link: the signature must match this export and this member (a link forwarded to
     * someone else fails on their session), and be unexpired. 404 for anything forged, 410 once expired.
     */
    async download(
      userId: number,
      query: { id: number; expires: number; sig: string },
    ): Promise<{ file: Readable; size: number | undefined; filename: string }> {
      const expected = Buffer.from(signatureOf(query.id, userId, query.expires));
      const given = Buffer.from(query.sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw dataExportLinkInvalid();
      if (query.expires * 1000 <= deps.now().getTime()) throw dataExportLinkExpired();
      const row = await repo.find(query.id);
      if (!row || row.userId !== userId) throw dataExportLinkInvalid();
      if (!row.fileKey || row.status !== 'ready' || (row.expiresAt && row.expiresAt <= deps.now()))
        throw dataExportLinkExpired();
      const stored = await deps.storage.read(row.fileKey);
      if (!stored) throw dataExportLinkExpired();
      return {
        file: stored.body,
        size: stored.size,
        filename: `my-data-${row.readyAt?.toISOString().slice(0, 10) ?? 'export'}.zip`,
      };
    },
  };
}

export function createDataExportService(deps: DataExportDeps) {
  const { repo } = deps;
  const links = createExportLinks(deps);
  return {
    ...links,
    /** Queues an export; 429 `data_export_limited` within 24 hours of the last one. */
    async request(userId: number): Promise<void> {
      const now = deps.now();
      await deps.db.transaction(async (tx) => {
        // One at a time per member: two clicks at once must not both pass the 24-hour check.
        await repo.lockUser(userId, tx);
        const latest = await repo.latestFor(userId, tx);
        if (latest && now.getTime() - latest.createdAt.getTime() < DATA_EXPORT_INTERVAL_HOURS * HOUR_MS)
          throw dataExportLimited();
        const row = await repo.insert(userId, now, tx);
        await deps.jobs.enqueue(
          DATA_EXPORT_BUILD_JOB,
          { exportId: row.id },
          { tx, uniqueKey: `data-export:${row.id}` },
        );
      });
    },

    /** The job: builds, stores and mails; the last failed attempt marks the export failed (the member may ask again after 24 h). */
    async runBuild({ exportId }: { exportId: number }, context: { now: Date; isLastAttempt: boolean }): Promise<void> {
      try {
        await buildExport(deps, links.linkPath, exportId, context.now);
      } catch (error) {
        if (context.isLastAttempt) await repo.markFailed(exportId);
        throw error;
      }
    },

    /** The recurring job: deletes the files of expired exports (in batches). */
    async expire(now: Date): Promise<number> {
      let count = 0;
      for (;;) {
        const batch = await repo.listExpired(now, 100);
        for (const row of batch) {
          if (row.fileKey) await deps.storage.remove(row.fileKey);
          await repo.markExpired(row.id);
          count += 1;
        }
        if (batch.length < 100) return count;
      }
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
