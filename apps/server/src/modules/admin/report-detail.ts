// A report as the console opens it: the report with both parties, the reported content (profile, photo, message),
// the history between the two members (last messages, likes, blocks) and the reported member's counts by status.
// Everything is read through its owner's staff reads.
import type { AdminReportDetail } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { uploadUrl } from '../../plugins/storage/index.ts';
import { listBlocksBetween } from '../blocks/index.ts';
import { findStaffMessage, listLastMessagesBetween } from '../chats/index.ts';
import { listLikesBetween } from '../likes/index.ts';
import { findStaffPhoto } from '../photos/index.ts';
import { findProfileById } from '../profiles/index.ts';
import { listScreeningsOf } from '../safety/index.ts';
import { countReportsByStatus, findStaffReport, type StaffReportRow } from '../reports/index.ts';
import { staffMessagePhotoUrl, staffPhotoUrl, toAdminReport, toAdminScreening } from './admin-rows.ts';

/** Messages of the two members' conversation shown with a report. */
const HISTORY_MESSAGES = 20;

/** What passed between the two members: their last messages (oldest first), likes and blocks either way. */
async function pairHistory(db: Executor, a: number, b: number): Promise<AdminReportDetail['history']> {
  const lastMessages = await listLastMessagesBetween(db, a, b, HISTORY_MESSAGES);
  const likeRows = await listLikesBetween(db, a, b);
  const blockRows = await listBlocksBetween(db, a, b);
  return {
    messages: lastMessages.reverse().map((item) => ({
      id: item.id,
      from_profile_id: item.from ?? 0,
      text: item.body ?? (item.kind === 'photo' ? '' : `[${item.kind}]`),
      photo_url: item.kind === 'photo' ? staffMessagePhotoUrl(item.id, 'thumb') : null,
      created_at: item.createdAt.toISOString(),
    })),
    likes: likeRows.map((item) => ({
      from_profile_id: item.profileId,
      to_profile_id: item.targetProfileId,
      created_at: item.createdAt.toISOString(),
    })),
    blocks: blockRows.map((item) => ({
      from_profile_id: item.profileId,
      to_profile_id: item.blockedProfileId,
      created_at: item.createdAt.toISOString(),
    })),
  };
}

/** The reported profile, photo and message as staff see them (private photos through the console's file route). */
async function reportedContent(db: Executor, row: StaffReportRow): Promise<AdminReportDetail['content']> {
  const { report } = row;
  const profile = await findProfileById(db, report.reportedProfileId);
  const staffPhoto = report.photoId ? await findStaffPhoto(db, report.photoId) : undefined;
  const photo = staffPhoto?.photo;
  const message = report.messageId ? await findStaffMessage(db, report.messageId) : undefined;
  const messageScreening =
    message?.kind === 'photo' ? (await listScreeningsOf(db, 'chat', [message.id])).get(message.id) : undefined;
  return {
    profile: profile
      ? {
          name: profile.name,
          about_me: profile.aboutMe,
          city: profile.city,
          country: profile.country,
          date_of_birth: profile.dateOfBirth,
        }
      : null,
    photo_url: photo
      ? photo.isPrivate
        ? staffPhotoUrl(photo.id, 'full')
        : uploadUrl(row.cdnPrefix, photo.fileKey)
      : null,
    photo_screening: toAdminScreening(staffPhoto?.screening ?? null),
    message_text: message?.body ?? null,
    message_photo_url: message?.kind === 'photo' ? staffMessagePhotoUrl(message.id, 'full') : null,
    message_photo_screening: toAdminScreening(messageScreening ?? null),
  };
}

export async function loadReportDetail(db: Executor, reportId: number): Promise<AdminReportDetail> {
  const row = await findStaffReport(db, reportId);
  if (!row) throw notFound();
  const { reporterProfileId: a, reportedProfileId: b } = row.report;
  const content = await reportedContent(db, row);
  const history = a !== null ? await pairHistory(db, a, b) : { messages: [], likes: [], blocks: [] };
  const counts = await countReportsByStatus(db, b);
  return {
    ...toAdminReport(row),
    content,
    history,
    reported_counts: Object.fromEntries(counts.map((item) => [item.status, item.count])),
  };
}
