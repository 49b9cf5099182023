// Building a member's export: their data read, the archive's JSON files and stored photos zipped, the file stored
// privately and the signed link mailed, in the transaction that marks the export ready.
import { randomUUID } from 'node:crypto';
import { ZipFile } from 'yazl';
import { DATA_EXPORT_LINK_DAYS } from '@app/contracts';
import { isUiLanguage } from '@app/i18n';
import { PRIVATE_KEY_PREFIX, readStoredFile, type FileStorage } from '../../plugins/storage/index.ts';
import type { DataExportRepository } from './data-export.repository.ts';

import type { DataExportDeps } from './data-export-deps.ts';

const DAY_MS = 24 * 60 * 60_000;

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

/** Everything of the member's the export holds, read in parallel. */
async function readMemberData(repo: DataExportRepository, userId: number) {
  const account = await repo.account(userId);
  if (!account) return null;
  const profile = await repo.profile(userId);
  const [photoRows, sent, liked, profileVisits, orderRows, ledger, settings, visits, safety] = await Promise.all([
    profile ? repo.photos(profile.id) : [],
    profile ? repo.messagesSent(profile.id) : [],
    profile ? repo.likesGiven(profile.id) : [],
    profile ? repo.profileVisitsMade(profile.id) : [],
    repo.orders(userId),
    repo.ledger(userId),
    repo.notificationSettings(userId),
    repo.visits(userId),
    repo.safety(userId, profile?.id ?? null),
  ]);
  return { account, profile, photoRows, sent, liked, profileVisits, orderRows, ledger, settings, visits, safety };
}
type MemberData = NonNullable<Awaited<ReturnType<typeof readMemberData>>>;

/** The stored photos (profile and chat) into the zip, each listed beside its row with its name there. */
async function photoEntries(storage: Pick<FileStorage, 'read'>, data: MemberData) {
  const photoFiles: [string, Buffer][] = [];
  /** The stored file `key` into the zip as `<folder>/<id>.<ext>`: its name there, or null when storage has none. */
  const addStoredFile = async (key: string | null, folder: string, id: number): Promise<string | null> => {
    const stored = key ? await storage.read(key) : null;
    if (!key || !stored) return null;
    const file = `${folder}/${id}.${extensionOf(key)}`;
    photoFiles.push([file, await readStoredFile(stored)]);
    return file;
  };
  const photoList = [];
  for (const photo of data.photoRows) {
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
  for (const { photoKey, ...message } of data.sent)
    sentList.push({ ...message, photo_file: await addStoredFile(photoKey, 'chat-photos', message.id) });
  return { photoFiles, photoList, sentList };
}

/** The archive's files: the JSON files, then the photos. */
async function archiveEntries(
  storage: Pick<FileStorage, 'read'>,
  data: MemberData,
  row: { userId: number; createdAt: Date },
  now: Date,
): Promise<[string, Buffer][]> {
  const { site, ...accountFields } = data.account;
  const { photoFiles, photoList, sentList } = await photoEntries(storage, data);
  const { settings } = data;
  return [
    ['export.json', json({ site: site.domain, user_id: row.userId, requested_at: row.createdAt, created_at: now })],
    ['profile.json', json({ account: accountFields, profile: data.profile ?? null })],
    ['photos.json', json(photoList)],
    ['messages-sent.json', json(sentList)],
    ['likes.json', json(data.liked)],
    ['profile-visits.json', json(data.profileVisits)],
    ['orders.json', json(data.orderRows)],
    ['ledger.json', json(data.ledger)],
    ['visits.json', json(data.visits)],
    [
      'safety.json',
      json({
        chat_photo_blur: data.safety.settings?.chatPhotoBlur ?? 'unmatched',
        blur_notice_at: data.safety.settings?.blurNoticeAt ?? null,
        photo_screenings: data.safety.screenings,
        // The member's risk score and its signals' points (not the evidence: it names other members).
        risk: data.safety.risk
          ? {
              score: data.safety.risk.score,
              is_held: data.safety.risk.isHeld,
              signals: Object.values(data.safety.risk.signals).map((signal) => ({
                signal: signal?.signal,
                points: signal?.points,
                at: signal?.at,
              })),
            }
          : null,
      }),
    ],
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
}

/** Builds, stores and mails the export (`linkPath`: the signed link's path). */
export async function buildExport(
  deps: Pick<DataExportDeps, 'db' | 'repo' | 'storage' | 'mailer'>,
  linkPath: (id: number, userId: number, expiresAt: Date) => string,
  exportId: number,
  now: Date,
): Promise<void> {
  const { repo } = deps;
  const row = await repo.find(exportId);
  if (!row || row.status !== 'pending') return;
  const data = await readMemberData(repo, row.userId);
  if (!data) return;
  const { account, profile } = data;
  const zip = await zipEntries(await archiveEntries(deps.storage, data, row, now), now);
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
        site: account.site,
        name: profile?.name ?? account.email.split('@')[0]!,
        link: deps.mailer.linkTo(account.site, linkPath(exportId, row.userId, expiresAt)),
        params: {
          date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(expiresAt),
          days: DATA_EXPORT_LINK_DAYS,
        },
      },
      tx,
    );
  });
}
