// The conversation list (chats.php): its entity tag over the inbox version, the first page in one statement, later
// pages by keyset, what changed after a version; and the socket's hello (version and unread total).
import { CHAT_PREVIEW_LENGTH, CHATS_PAGE_SIZE, type ChatEntry, type ChatsResponse, type GiftKey } from '@app/contracts';
import type { MessageKind } from '../../db/schema/index.ts';
import { entityTag } from '../../lib/conditional-get.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { PollVersions } from '../../plugins/poll-versions/index.ts';
import { toImage, type Viewer } from '../member-core/index.ts';
import type { ChatListRow } from './chat-list.repository.ts';
import type { ChatMember, ChatSite } from './chat-rules.ts';
import type { ChatsRepository } from './chats.repository.ts';

/** chats.php?since= answers at most this many changed entries; more than that and the client reloads the list. */
const SINCE_LIMIT = 200;
/** The conversation list shows online state and photos the versions do not cover: a poll refreshes them this often. */
export const CHATS_REFRESH_MS = 5 * 60 * 1000;

type InboxSummary = { version: number; unreadTotal: number; startedCount: number };

function toEntry(row: ChatListRow, viewerProfileId: number, site: Pick<ChatSite, 'cdnPrefix'>): ChatEntry {
  return {
    conversation: { id: row.conversationId },
    profile: {
      id: row.partnerId,
      name: row.partnerName,
      main_image: toImage(site.cdnPrefix, row.mainFileKey, row.mainThumbKey),
      is_available: !row.isPartnerRestricted,
    },
    num_unread_messages: row.unreadCount,
    last_message:
      row.lastKind && row.lastCreatedAt
        ? {
            kind: row.lastKind as MessageKind,
            preview:
              row.lastKind === 'text' && row.lastBody !== null
                ? [...row.lastBody].slice(0, CHAT_PREVIEW_LENGTH).join('')
                : null,
            gift: row.lastKind === 'gift' ? (row.lastGift as GiftKey) : null,
            is_mine: row.lastSenderId === viewerProfileId,
            created_at: row.lastCreatedAt.toISOString(),
          }
        : null,
    last_seq: row.lastSeq,
    last_activity_at: new Date(row.lastActivityAt).toISOString(),
    version: row.version,
  };
}

type InboxDeps = {
  repo: Pick<
    ChatsRepository,
    'readFirstPage' | 'findInboxSummary' | 'listChangedSince' | 'listPage' | 'findListVersion'
  >;
  cursors: CursorCodec;
  /** chats.php's tag reads the inbox version through it. */
  pollVersions: Pick<PollVersions, 'read'>;
  now: () => Date;
};

/** A page of the list (up to CHATS_PAGE_SIZE + 1 rows read, the last only to say whether more follow). */
function pageAnswer(
  cursors: CursorCodec,
  member: ChatMember,
  site: Pick<ChatSite, 'cdnPrefix'>,
  rows: ChatListRow[],
  { version, unreadTotal, startedCount }: InboxSummary,
): ChatsResponse {
  // Blocked pairs are left out after the page is read, so a page may come out short; the cursor still moves on.
  const page = rows.slice(0, CHATS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    chats: page.filter((row) => !row.isBlocked).map((row) => toEntry(row, member.profileId, site)),
    next_cursor:
      rows.length > CHATS_PAGE_SIZE && last
        ? cursors.encode('chats', [last.lastActivityAt, last.conversationId])
        : null,
    version,
    removed: [],
    unread_total: unreadTotal,
    started_count: startedCount,
  };
}

/** chats.php?since=: the entries that changed after `since`, visible or removed. */
async function changedSince(
  repo: InboxDeps['repo'],
  member: ChatMember,
  site: Pick<ChatSite, 'cdnPrefix'>,
  since: number,
  { version, unreadTotal, startedCount }: InboxSummary,
): Promise<ChatsResponse> {
  const rows = await repo.listChangedSince(member.profileId, since, SINCE_LIMIT + 1);
  if (rows.length > SINCE_LIMIT) throw new AppError(409, 'invalid_value');
  const visible = rows.filter((row) => !row.isHidden && !row.isBlocked);
  return {
    chats: visible.map((row) => toEntry(row, member.profileId, site)),
    removed: rows.filter((row) => row.isHidden || row.isBlocked).map((row) => row.conversationId),
    next_cursor: null,
    version: Math.max(version, ...rows.map((row) => row.version)),
    unread_total: unreadTotal,
    started_count: startedCount,
  };
}

export function createInboxService(deps: InboxDeps) {
  const { repo } = deps;

  return {
    /** The entity tag of chats.php (first page): the inbox version, the member's blocks, the site's card settings, the refresh window. */
    async listTag(member: Pick<Viewer, 'profileId'>, site: Pick<ChatSite, 'id' | 'cdnPrefix'>): Promise<string> {
      const window = Math.floor(deps.now().getTime() / CHATS_REFRESH_MS);
      const version = await deps.pollVersions.read('chats', member.profileId, window, async () => {
        const { version: inbox, blocks, restrictions } = await repo.findListVersion(member.profileId);
        return `${inbox}|${blocks}|${restrictions}`;
      });
      return entityTag(['chats', member.profileId, version, site.id, site.cdnPrefix, window]);
    },

    /** GET /api/chats.php: the newest 50 conversations (`cursor` pages on), or what changed after `since`. */
    async list(
      member: ChatMember,
      site: Pick<ChatSite, 'cdnPrefix'>,
      options: { cursor?: string; since?: number },
    ): Promise<ChatsResponse> {
      if (options.since === undefined && !options.cursor) {
        // The first page: the summary and the rows in one statement, one snapshot.
        const { rows, ...summary } = await repo.readFirstPage(member.profileId, CHATS_PAGE_SIZE + 1);
        return pageAnswer(deps.cursors, member, site, rows, summary);
      }
      // The version is read before the rows: anything that changes after it is in a later answer too.
      const summary = await repo.findInboxSummary(member.profileId);
      if (options.since !== undefined) return changedSince(repo, member, site, options.since, summary);
      const after = options.cursor ? (deps.cursors.decode('chats', options.cursor, 'tn') as [string, number]) : null;
      return pageAnswer(
        deps.cursors,
        member,
        site,
        await repo.listPage(member.profileId, after, CHATS_PAGE_SIZE + 1),
        summary,
      );
    },

    /** What the socket's hello tells a member: their list version and unread total. */
    async inboxState(profileId: number) {
      const { version, unreadTotal } = await repo.findInboxSummary(profileId);
      return { version, unreadTotal };
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
