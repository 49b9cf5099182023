// GDPR export (docs/data-export.md): "Download my data" queues a job that zips the member's data (JSON files plus
// the photo files), stores it privately, and mails a signed link; the link needs the member's session AND a valid,
// unexpired signature; an hourly job deletes files past their time. One request per 24 hours.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { DATA_EXPORT_INTERVAL_HOURS, DATA_EXPORT_LINK_DAYS } from '@app/contracts';
import { isUiLanguage } from '@app/i18n';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import { PRIVATE_KEY_PREFIX, type FileStorage, type StoredFile } from '../../plugins/storage/index.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { DataExportRepository } from './data-export.repository.ts';

export const DATA_EXPORT_BUILD_JOB = 'data-export.build';
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export const dataExportLimited = () => new AppError(429, 'data_export_limited');
export const dataExportLinkInvalid = () => new AppError(404, 'data_export_link_invalid');
export const dataExportLinkExpired = () => new AppError(410, 'data_export_link_expired');

async function readAll(file: StoredFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The zip of `entries` (name -> contents) as one buffer. */
export function zipEntries(entries: [string, Buffer][], mtime: Date): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name, { mtime });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1).toLowerCase();

export function createDataExportService(deps: {
  db: Database;
  repo: DataExportRepository;
  storage: FileStorage;
  jobs: JobQueue;
  mailer: Mailer;
  /** HMAC key of the mailed links (app_secrets `data-export-signing`). */
  signingKey: Buffer;
  now: () => Date;
  onError?: (error: unknown, context: string) => void;
}) {
  const { repo } = deps;

  const signatureOf = (id: number, userId: number, expires: number) =>
    createHmac('sha256', deps.signingKey).update(`data-export:${id}:${userId}:${expires}`).digest('base64url');

  /** The mailed link's path and query for an export (expires: Unix seconds). */
  function linkPath(id: number, userId: number, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return `/api/data-export.php?id=${id}&expires=${expires}&sig=${signatureOf(id, userId, expires)}`;
  }

  async function build(exportId: number, now: Date): Promise<void> {
    const row = await repo.find(exportId);
    if (!row || row.status !== 'pending') return;
    const account = await repo.account(row.userId);
    if (!account) return;
    const profile = await repo.profile(row.userId);
    const [photoRows, sent, liked, orderRows, ledger, settings, visits] = await Promise.all([
      profile ? repo.photos(profile.id) : [],
      profile ? repo.messagesSent(profile.id) : [],
      profile ? repo.likesGiven(profile.id) : [],
      repo.orders(row.userId),
      repo.ledger(row.userId),
      repo.notificationSettings(row.userId),
      repo.visits(row.userId),
    ]);
    const { site, ...accountFields } = account;
    const photoFiles: [string, Buffer][] = [];
    /** The stored file `key` into the zip as `<folder>/<id>.<ext>`: its name there, or null when storage has none. */
    const addStoredFile = async (key: string | null, folder: string, id: number): Promise<string | null> => {
      const stored = key ? await deps.storage.read(key) : null;
      if (!key || !stored) return null;
      const file = `${folder}/${id}.${extensionOf(key)}`;
      photoFiles.push([file, await readAll(stored)]);
      return file;
    };
    const photoList = [];
    for (const photo of photoRows) {
      const file = await addStoredFile(photo.fileKey, 'photos', photo.id);
      photoList.push({
        id: photo.id,
        file,
        width: photo.width,
        height: photo.height,
        is_private: photo.isPrivate,
        is_main: photo.isMain,
        created_at: photo.createdAt,
      });
    }
    // Photos the member sent in chats: the stored (re-encoded) file beside the message that carried it.
    const sentList = [];
    for (const { photoKey, ...message } of sent)
      sentList.push({ ...message, photo_file: await addStoredFile(photoKey, 'chat-photos', message.id) });
    const entries: [string, Buffer][] = [
      ['export.json', json({ site: site.domain, user_id: row.userId, requested_at: row.createdAt, created_at: now })],
      ['profile.json', json({ account: accountFields, profile: profile ?? null })],
      ['photos.json', json(photoList)],
      ['messages-sent.json', json(sentList)],
      ['likes.json', json(liked)],
      ['orders.json', json(orderRows)],
      ['ledger.json', json(ledger)],
      ['visits.json', json(visits)],
      [
        'consents.json',
        json({
          notification_preferences: settings?.preferences ?? {},
          marketing_consent_at: settings?.marketingConsentAt ?? null,
          notification_settings_updated_at: settings?.updatedAt ?? null,
          notifications_disabled: accountFields.notificationsDisabled,
        }),
      ],
      ...photoFiles,
    ];
    const zip = await zipEntries(entries, now);
    const fileKey = `${PRIVATE_KEY_PREFIX}exports/${randomUUID()}.zip`;
    await deps.storage.write(fileKey, zip);
    const expiresAt = new Date(now.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS);
    await deps.db.transaction(async (tx) => {
      await repo.markReady(exportId, { fileKey, size: zip.length, readyAt: now, expiresAt }, tx);
      const language = isUiLanguage(account.language) ? account.language : 'en';
      await deps.mailer.send(
        {
          template: 'dataExportReady',
          to: account.email,
          language,
          site,
          name: profile?.name ?? account.email.split('@')[0]!,
          link: deps.mailer.linkTo(site, linkPath(exportId, row.userId, expiresAt)),
          params: {
            date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(expiresAt),
            days: DATA_EXPORT_LINK_DAYS,
          },
        },
        tx,
      );
    });
  }

  return {
    linkPath,

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
        await build(exportId, context.now);
      } catch (error) {
        if (context.isLastAttempt) await repo.markFailed(exportId);
        throw error;
      }
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
