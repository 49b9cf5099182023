// Opening a conversation (GET /api/chat.php): by id or by partner, the partner's card and whether the member may write,
// and one page of messages (the newest, an older one, or a catch-up), within the privacy window of CHAT_HISTORY_DAYS.
import {
  CHAT_HISTORY_DAYS,
  FREE_CONVERSATION_LIMIT,
  MESSAGES_PAGE_SIZE,
  type ChatResponse,
  type SendBlockedReason,
} from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { MessageRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { toImage, type Viewer } from '../member-core/index.ts';
import type { ChatPhotoUrls } from './chat-photo-urls.ts';
import { conversationNotFound, partnerBlockReason, reasonError, type ChatMember, type ChatSite } from './chat-rules.ts';
import type { ChatsRepository } from './chats.repository.ts';
import type { PartnerRow } from './conversations.repository.ts';
import { createMessageView, type PhotoBlur } from './message-view.ts';
import type { ReadMarksService } from './read-marks.service.ts';

const HISTORY_MS = CHAT_HISTORY_DAYS * 24 * 60 * 60 * 1000;
/** A catch-up (`after`) answers at most this many messages; the client asks again from the last one. */
const CATCH_UP_LIMIT = 200;

type Membership = Awaited<ReturnType<ChatsRepository['findMembership']>>;
type Page = { before?: number; after?: number };

/** The partner's card in chat.php, the member's send rights and the site's prices. */
function headerOf(site: ChatSite, member: ChatMember, partner: PartnerRow, sendBlocked: SendBlockedReason | null) {
  return {
    partner: {
      id: partner.id,
      name: partner.name,
      main_image: toImage(site.cdnPrefix, partner.mainFileKey, partner.mainThumbKey),
      is_fictional: partner.isFictional || partner.userId === null,
      is_confirmed: partner.userStatus !== 'not_confirmed',
      is_verified: partner.isVerified,
    },
    send_blocked_reason: sendBlocked,
    prices: { text: site.messageCredits, photo: site.photoCredits, gift: site.giftCredits },
    max_length: site.messageLength,
    can_send_photos: member.isPremium,
  };
}

type ConversationDeps = {
  db: Database;
  /** Reads that tolerate a second of lag (older message pages): the replica when there is one, else `db`. */
  readDb: Database;
  repo: Pick<
    ChatsRepository,
    | 'findMembership'
    | 'findConversationByPair'
    | 'findPartner'
    | 'findBlockDirection'
    | 'countStarted'
    | 'findMember'
    | 'pageBefore'
    | 'pageAfter'
  >;
  photoUrls: Pick<ChatPhotoUrls, 'sign'>;
  /** Which received photos the member gets blurred (safety: docs/safety.md). */
  photoBlur: PhotoBlur;
  /** The newest page marks the conversation read. */
  readMarks: Pick<ReadMarksService, 'markRead'>;
  now: () => Date;
};

/**
 * A page of messages newest first, before `before` (the newest page when null). An older page (`before` given) holds
 * messages that no longer change, so it is read from the replica when there is one (docs/read-replicas.md); a
 * conversation's sequence has no gaps, so a replica page that does not start right below `before` is behind, and
 * the primary answers instead.
 */
async function readPageBefore(
  deps: ConversationDeps,
  conversationId: number,
  floor: number,
  before: number | null,
): Promise<MessageRow[]> {
  const limit = MESSAGES_PAGE_SIZE + 1;
  if (before === null || deps.readDb === deps.db) return deps.repo.pageBefore(conversationId, floor, before, limit);
  const fromReplica = await deps.repo.pageBefore(conversationId, floor, before, limit, deps.readDb);
  const isWhole = before - 1 <= floor || fromReplica[0]?.seq === before - 1;
  return isWhole ? fromReplica : deps.repo.pageBefore(conversationId, floor, before, limit);
}

/** The member's side of the conversation asked for (by id, or by partner: none yet is fine), and the partner's id. */
async function findTarget(
  { repo }: ConversationDeps,
  member: ChatMember,
  target: { conversationId?: number; partnerId?: number },
): Promise<{ membership: Membership; partnerId: number }> {
  if (target.conversationId !== undefined) {
    const membership = await repo.findMembership(member.profileId, target.conversationId);
    if (!membership) throw conversationNotFound();
    return { membership, partnerId: membership.member.partnerProfileId };
  }
  const partnerId = target.partnerId!;
  if (partnerId === member.profileId) throw new AppError(400, 'cannot_message_self');
  const conversation = await repo.findConversationByPair(member.profileId, partnerId);
  const membership = conversation ? await repo.findMembership(member.profileId, conversation.id) : undefined;
  return { membership, partnerId };
}

/** The partner, when the member may see the conversation with them; and why the member may not write now, or null. */
async function findPartnerFor(
  { repo }: ConversationDeps,
  member: ChatMember,
  partnerId: number,
  membership: Membership,
) {
  const partner = await repo.findPartner(partnerId, member.siteId);
  // A profile nobody may open (a banned member's too) is not found, unless the two already have a conversation to show.
  if (
    !partner ||
    partner.siteId !== member.siteId ||
    (!membership &&
      (partner.profileStatus !== 'active' || partner.userStatus === 'deleted_pending' || partner.isRestricted))
  ) {
    throw membership ? conversationNotFound() : new AppError(404, 'profile_not_found');
  }
  const blocked = await repo.findBlockDirection(member.profileId, partner.id);
  if (blocked) throw reasonError(blocked, partner);
  let sendBlocked = partnerBlockReason(partner);
  if (
    !sendBlocked &&
    !membership &&
    !member.isPremium &&
    (await repo.countStarted(member.profileId)) >= FREE_CONVERSATION_LIMIT
  ) {
    sendBlocked = 'conversation_limit_reached';
  }
  return { partner, sendBlocked };
}

/** The page of messages asked for, oldest first, with whether more follow and whether the privacy window hid some. */
async function readMessages(
  deps: ConversationDeps,
  side: NonNullable<Membership>['member'],
  conversationId: number,
  page: Page,
) {
  if (page.after !== undefined) {
    const after = Math.max(page.after, side.clearedSeq);
    const rows = await deps.repo.pageAfter(conversationId, after, CATCH_UP_LIMIT + 1);
    return { rows: rows.slice(0, CATCH_UP_LIMIT), hasMore: rows.length > CATCH_UP_LIMIT, hasHiddenHistory: false };
  }
  const windowStart = deps.now().getTime() - HISTORY_MS;
  const newestFirst = await readPageBefore(deps, conversationId, side.clearedSeq, page.before ?? null);
  // The privacy window is applied to the page read, so the query reads one page whatever the history holds.
  const inWindow = newestFirst.filter((row) => row.createdAt.getTime() >= windowStart);
  const hasHiddenHistory = inWindow.length < newestFirst.length;
  const kept = inWindow.slice(0, MESSAGES_PAGE_SIZE);
  const hasMore = !hasHiddenHistory && newestFirst.length > MESSAGES_PAGE_SIZE;
  return { rows: kept.reverse(), hasMore, hasHiddenHistory };
}

export function createConversationService(deps: ConversationDeps) {
  const { repo } = deps;
  const toMessage = createMessageView(deps.photoUrls);

  return {
    /** Whether the two ever wrote to each other (likes: a match with a conversation is not new). */
    async hasConversation(a: number, b: number, tx: Executor): Promise<boolean> {
      return ((await repo.findConversationByPair(a, b, tx))?.lastSeq ?? 0) > 0;
    },

    /**
     * GET /api/chat.php: a conversation by id or by partner, one page of messages (newest page, `before`, or `after`).
     * The newest page marks the conversation read.
     */
    async open(
      member: ChatMember & Pick<Viewer, 'userId'>,
      site: ChatSite,
      target: { conversationId?: number; partnerId?: number },
      page: Page,
    ): Promise<ChatResponse> {
      const { membership, partnerId } = await findTarget(deps, member, target);
      const { partner, sendBlocked } = await findPartnerFor(deps, member, partnerId, membership);
      const base = headerOf(site, member, partner, sendBlocked);
      if (!membership) return { ...base, conversation: null, messages: [], has_more: false, has_hidden_history: false };

      const { member: side, conversation } = membership;
      const partnerSide = await repo.findMember(partnerId, conversation.id);
      const { rows, hasMore, hasHiddenHistory } = await readMessages(deps, side, conversation.id, page);
      const photoRows = rows.filter((row) => row.kind === 'photo');
      const blurred = await deps.photoBlur.blurredFor(member, partnerId, photoRows);
      if (
        page.before === undefined &&
        page.after === undefined &&
        (side.unreadCount > 0 || side.readSeq < conversation.lastSeq)
      ) {
        await deps.readMarks.markRead(member, conversation.id, conversation.lastSeq);
      }
      return {
        ...base,
        conversation: {
          id: conversation.id,
          last_seq: conversation.lastSeq,
          partner_read_seq: partnerSide?.readSeq ?? 0,
        },
        messages: rows.map((row) => toMessage(row, member.profileId, blurred)),
        has_more: hasMore,
        has_hidden_history: hasHiddenHistory,
      };
    },
  };
}
export type ConversationService = ReturnType<typeof createConversationService>;
