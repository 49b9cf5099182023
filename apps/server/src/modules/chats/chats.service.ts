// Chat rules: who may write to whom, what a send costs (debited with the stored message, once per client id), the
// conversation list with its change versions, read marks, deletion, and the realtime events after each commit.
import { randomUUID } from 'node:crypto';
import {
  CHAT_HISTORY_DAYS,
  CHAT_PREVIEW_LENGTH,
  CHATS_PAGE_SIZE,
  FREE_CONVERSATION_LIMIT,
  GIFT_KEYS,
  MESSAGES_PAGE_SIZE,
  type ChatEntry,
  type ChatMessage,
  type ChatResponse,
  type ChatsResponse,
  type GiftKey,
  type SendBlockedReason,
  type SendMessageResponse,
  type SocketServerEvent,
} from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { MessageKind, MessageRow, SiteRow } from '../../db/schema/index.ts';
import { entityTag } from '../../lib/conditional-get.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { ChatSentEvent, Effects, Outbox } from '../../plugins/outbox/index.ts';
import type { MemberEvents } from '../../plugins/session/index.ts';
import type { PollVersions } from '../../plugins/poll-versions/index.ts';
import type { Realtime } from '../../plugins/realtime/index.ts';
import { isNotEnoughCreditsError, notEnoughCredits } from '../credits/index.ts';
import { toImage, type Viewer } from '../member-core/index.ts';
import type { BlocksService } from '../blocks/index.ts';
import {
  messageRowFromJson,
  type ChatListRow,
  type ChatsRepository,
  type PartnerRow,
  type SendStatementResult,
} from './chats.repository.ts';
import type { ChatPhotoUrls } from './chat-photo-urls.ts';

export const conversationNotFound = () => new AppError(404, 'conversation_not_found');
const HISTORY_MS = CHAT_HISTORY_DAYS * 24 * 60 * 60 * 1000;
/** A catch-up (`after`) answers at most this many messages; the client asks again from the last one. */
const CATCH_UP_LIMIT = 200;
/** chats.php?since= answers at most this many changed entries; more than that and the client reloads the list. */
const SINCE_LIMIT = 200;
/** The conversation list shows online state and photos the versions do not cover: a poll refreshes them this often. */
export const CHATS_REFRESH_MS = 5 * 60 * 1000;

export type ChatSite = Pick<
  SiteRow,
  'id' | 'cdnPrefix' | 'messageCredits' | 'photoCredits' | 'giftCredits' | 'messageLength'
>;
type Sender = Pick<Viewer, 'userId' | 'profileId' | 'siteId' | 'isPremium' | 'name'>;
type Member = Pick<Viewer, 'profileId' | 'siteId' | 'isPremium'>;

export type SendInput =
  | { kind: 'text'; clientId: string; text: string }
  | { kind: 'gift'; clientId: string; gift: string }
  | { kind: 'photo'; clientId: string; photo: { fileKey: string; thumbKey: string; width: number; height: number } };

/** Characters as a person counts them (code points), so an emoji is one. */
const lengthOf = (text: string) => [...text].length;

/**
 * Whether a send repeats the stored message of its client id (a retry: answered with that message) rather than
 * reusing the id for something else (409 client_id_reused, docs/chat.md). A photo is a fresh upload each time: its
 * size is compared here, its pixels by the route (chats.routes.ts), which holds the files.
 */
function isSamePayload(stored: MessageRow, input: SendInput): boolean {
  if (stored.kind !== input.kind) return false;
  switch (input.kind) {
    case 'text':
      return stored.body === input.text;
    case 'gift':
      return stored.giftKey === input.gift;
    case 'photo':
      return stored.photoWidth === input.photo.width && stored.photoHeight === input.photo.height;
  }
}

export function createChatsService(deps: {
  db: Database;
  /** Reads that tolerate a second of lag (older message pages): the replica when there is one, else `db`. */
  readDb: Database;
  chatsRepository: ChatsRepository;
  blocks: Pick<BlocksService, 'lockPair'>;
  cursors: CursorCodec;
  photoUrls: ChatPhotoUrls;
  /** Typing hints only (never stored); everything after a commit is recorded in its transaction through `outbox`. */
  realtime: Pick<Realtime, 'publish'>;
  /**
   * Every commit that bumps inboxes records its announcements in its transaction (docs/event-bus.md); a send's
   * statement writes its own event, delivered through `deliverCommitted`.
   */
  outbox: Pick<Outbox, 'transaction' | 'deliverCommitted' | 'leaseMs'>;
  /** chats.php's tag reads the inbox version through it; a send's delivery drops both members' versions. */
  pollVersions: Pick<PollVersions, 'read' | 'deliver'>;
  /** A paid send's delivery hands the sender's new balance to every instance's member view. */
  memberEvents: Pick<MemberEvents, 'creditsChanged'>;
  now: () => Date;
}) {
  const repo = deps.chatsRepository;

  function toMessage(row: MessageRow, viewerProfileId: number): ChatMessage {
    return {
      id: row.id,
      conversation_id: row.conversationId,
      seq: row.seq,
      client_id: row.senderProfileId === viewerProfileId ? row.clientId : null,
      sender_id: row.senderProfileId ?? 0,
      is_mine: row.senderProfileId === viewerProfileId,
      kind: row.kind,
      body: row.kind === 'text' ? row.body : null,
      photo:
        row.kind === 'photo' && row.photoKey && row.photoThumbKey
          ? {
              url: deps.photoUrls.sign(row.id, 'full', viewerProfileId),
              thumb_url: deps.photoUrls.sign(row.id, 'thumb', viewerProfileId),
              width: row.photoWidth ?? 0,
              height: row.photoHeight ?? 0,
            }
          : null,
      gift: row.kind === 'gift' ? (row.giftKey as GiftKey) : null,
      created_at: row.createdAt.toISOString(),
    };
  }

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

  function priceOf(site: ChatSite, kind: MessageKind): number {
    return kind === 'text' ? site.messageCredits : kind === 'photo' ? site.photoCredits : site.giftCredits;
  }

  /** Why a member may not write to `partner` now (its site asked for when it was read), or null: the SQL's one rule. */
  function partnerBlockReason(partner: PartnerRow | undefined): SendBlockedReason | null {
    return partner ? partner.blockReason : 'partner_gone';
  }

  function reasonError(reason: SendBlockedReason, partner: Pick<PartnerRow, 'name'> | undefined): AppError {
    switch (reason) {
      case 'partner_gone':
        return new AppError(404, 'profile_not_found');
      case 'profile_not_messageable':
        return new AppError(403, 'profile_not_messageable');
      case 'partner_not_confirmed':
        return new AppError(403, 'partner_not_confirmed', { name: partner?.name ?? '' });
      case 'member_unavailable':
        return new AppError(403, 'member_unavailable', { name: partner?.name ?? '' });
      case 'blocked_by':
        return new AppError(403, 'blocked_by', { name: partner?.name ?? '' });
      case 'member_blocked':
        return new AppError(403, 'member_blocked');
      case 'conversation_limit_reached':
        return new AppError(403, 'conversation_limit_reached', { max: FREE_CONVERSATION_LIMIT });
    }
  }

  function validate(site: ChatSite, input: SendInput): void {
    if (input.kind === 'text') {
      if (!input.text.trim()) throw new AppError(400, 'message_empty');
      if (lengthOf(input.text) > site.messageLength)
        throw new AppError(400, 'message_too_long', { max: site.messageLength });
    }
    if (input.kind === 'gift' && !(GIFT_KEYS as readonly string[]).includes(input.gift))
      throw new AppError(400, 'gift_invalid');
  }

  /**
   * Records, in a transaction that bumped these inboxes, what follows its commit: polls of them find the change, the
   * sockets hear of it, and a message to a partner starts its notifications (`chat.message`).
   */
  async function recordAll(
    effects: Effects,
    inboxes: number[],
    events: { profileIds: number[]; event: SocketServerEvent }[],
  ): Promise<void> {
    await effects.emit('poll.changed', { kinds: ['chats'], profileIds: inboxes });
    for (const { profileIds, event } of events) {
      await effects.emit('realtime', { profileIds, event });
      if (event.type === 'message' && !event.message.is_mine && profileIds.length === 1)
        await effects.emit('chat.message', {
          recipientProfileId: profileIds[0]!,
          senderProfileId: event.partner_id,
          conversationId: event.message.conversation_id,
          seq: event.message.seq,
        });
    }
  }

  /**
   * A page of messages newest first, before `before` (the newest page when null). An older page (`before` given) holds
   * messages that no longer change, so it is read from the replica when there is one (docs/read-replicas.md); a
   * conversation's sequence has no gaps, so a replica page that does not start right below `before` is behind, and
   * the primary answers instead.
   */
  async function readPageBefore(conversationId: number, floor: number, before: number | null): Promise<MessageRow[]> {
    const limit = MESSAGES_PAGE_SIZE + 1;
    if (before === null || deps.readDb === deps.db) return repo.pageBefore(conversationId, floor, before, limit);
    const fromReplica = await repo.pageBefore(conversationId, floor, before, limit, deps.readDb);
    const isWhole = before - 1 <= floor || fromReplica[0]?.seq === before - 1;
    return isWhole ? fromReplica : repo.pageBefore(conversationId, floor, before, limit);
  }

  return {
    photoUrls: deps.photoUrls,

    /**
     * Sends a message from `sender` to the profile `partnerId`, starting the conversation when there is none.
     * The debit, the sequence number, the message and both members' list entries are one transaction; a client id
     * sent again answers the first message and changes nothing.
     */
    async send(
      sender: Sender,
      site: ChatSite,
      partnerId: number,
      input: SendInput,
    ): Promise<{ response: SendMessageResponse; isReplay: boolean }> {
      if (partnerId === sender.profileId) throw new AppError(400, 'cannot_message_self');
      validate(site, input);
      const price = priceOf(site, input.kind);
      const eventId = randomUUID();
      let result: SendStatementResult;
      try {
        // One statement, its own transaction: locks, checks, debit, message, inboxes and the outbox event.
        result = await repo.send({
          senderProfileId: sender.profileId,
          senderUserId: sender.userId,
          siteId: sender.siteId,
          isPremium: sender.isPremium,
          partnerProfileId: partnerId,
          clientId: input.clientId,
          kind: input.kind,
          body: input.kind === 'text' ? input.text : null,
          giftKey: input.kind === 'gift' ? input.gift : null,
          photo: input.kind === 'photo' ? input.photo : null,
          price,
          ledgerReason: input.kind === 'text' ? 'message' : input.kind,
          freeConversationLimit: FREE_CONVERSATION_LIMIT,
          at: deps.now(),
          eventId,
          leaseMs: deps.outbox.leaseMs,
        });
      } catch (error) {
        if (isNotEnoughCreditsError(error)) throw notEnoughCredits();
        throw error;
      }
      if (result.status === 'replay') {
        // A retry of a stored message answers it (even if the partner changed since); another message under the
        // same client id is refused.
        const stored = messageRowFromJson(result.message);
        if (result.partnerProfileId !== partnerId || !isSamePayload(stored, input))
          throw new AppError(409, 'client_id_reused');
        return {
          response: {
            message: toMessage(stored, sender.profileId),
            conversation: { id: stored.conversationId },
            credits: result.balance,
          },
          isReplay: true,
        };
      }
      if (result.status !== 'sent') throw reasonError(result.status, { name: result.partnerName ?? '' });
      const { status: _status, eventId: _eventId, ...event } = result;
      await deps.outbox.deliverCommitted([{ id: eventId, topic: 'chat.sent', payload: event }]);
      const message = messageRowFromJson(event.message);
      return {
        response: {
          message: toMessage(message, sender.profileId),
          conversation: { id: message.conversationId },
          credits: event.balance,
        },
        isReplay: false,
      };
    },

    /**
     * Delivers a `chat.sent` outbox event (services.ts): both members' lists change, both members' sockets hear of
     * the message (the sender's with the new balance), the partner's of the unread total, and every instance takes
     * the sender's new balance into its cached member view. What it publishes is one bus message (the outbox batch).
     */
    async deliverSent(event: ChatSentEvent, id: string): Promise<void> {
      const message = messageRowFromJson(event.message);
      const { senderProfileId: sender, partnerProfileId: partner } = event;
      await deps.pollVersions.deliver(['chats'], [sender, partner]);
      await deps.realtime.publish(
        [partner],
        { type: 'message', message: toMessage(message, partner), partner_id: sender, version: event.partnerVersion },
        `${id}:partner`,
      );
      await deps.realtime.publish(
        [sender],
        {
          type: 'message',
          message: toMessage(message, sender),
          partner_id: partner,
          version: event.senderVersion,
          credits: event.balance,
        },
        `${id}:sender`,
      );
      await deps.realtime.publish(
        [partner],
        { type: 'unread', unread_total: event.partnerUnreadTotal },
        `${id}:unread`,
      );
      if (event.isDebit)
        await deps.memberEvents.creditsChanged(event.senderUserId, event.balance, event.balanceVersion);
    },

    /** Rejects a send before its (slow) photo processing when it could not succeed anyway. */
    async assertCanSendPhoto(sender: Sender, partnerId: number): Promise<void> {
      if (!sender.isPremium) throw new AppError(403, 'premium_required_chat_photos');
      if (partnerId === sender.profileId) throw new AppError(400, 'cannot_message_self');
      const partner = await repo.findPartner(partnerId, sender.siteId);
      const reason = partnerBlockReason(partner) ?? (await repo.findBlockDirection(sender.profileId, partnerId));
      if (reason) throw reasonError(reason, partner);
    },

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
      member: Member,
      site: Pick<ChatSite, 'cdnPrefix'>,
      options: { cursor?: string; since?: number },
    ): Promise<ChatsResponse> {
      if (options.since === undefined && !options.cursor) {
        // The first page: the summary and the rows in one statement, one snapshot.
        const { rows, ...summary } = await repo.readFirstPage(member.profileId, CHATS_PAGE_SIZE + 1);
        return pageAnswer(rows, summary);
      }
      // The version is read before the rows: anything that changes after it is in a later answer too.
      const summary = await repo.findInboxSummary(member.profileId);
      const { version, unreadTotal, startedCount } = summary;
      if (options.since !== undefined) {
        const rows = await repo.listChangedSince(member.profileId, options.since, SINCE_LIMIT + 1);
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
      const after = options.cursor ? (deps.cursors.decode('chats', options.cursor, 'tn') as [string, number]) : null;
      return pageAnswer(await repo.listPage(member.profileId, after, CHATS_PAGE_SIZE + 1), summary);

      /** A page of the list (up to CHATS_PAGE_SIZE + 1 rows read, the last only to say whether more follow). */
      function pageAnswer(
        rows: ChatListRow[],
        { version, unreadTotal, startedCount }: { version: number; unreadTotal: number; startedCount: number },
      ): ChatsResponse {
        // Blocked pairs are left out after the page is read, so a page may come out short; the cursor still moves on.
        const page = rows.slice(0, CHATS_PAGE_SIZE);
        const last = page.at(-1);
        return {
          chats: page.filter((row) => !row.isBlocked).map((row) => toEntry(row, member.profileId, site)),
          next_cursor:
            rows.length > CHATS_PAGE_SIZE && last
              ? deps.cursors.encode('chats', [last.lastActivityAt, last.conversationId])
              : null,
          version,
          removed: [],
          unread_total: unreadTotal,
          started_count: startedCount,
        };
      }
    },

    /**
     * GET /api/chat.php: a conversation by id or by partner, one page of messages (newest page, `before`, or `after`).
     * The newest page marks the conversation read.
     */
    async open(
      member: Member & Pick<Viewer, 'userId'>,
      site: ChatSite,
      target: { conversationId?: number; partnerId?: number },
      page: { before?: number; after?: number },
    ): Promise<ChatResponse> {
      let membership: Awaited<ReturnType<ChatsRepository['findMembership']>>;
      let partnerId: number;
      if (target.conversationId !== undefined) {
        membership = await repo.findMembership(member.profileId, target.conversationId);
        if (!membership) throw conversationNotFound();
        partnerId = membership.member.partnerProfileId;
      } else {
        partnerId = target.partnerId!;
        if (partnerId === member.profileId) throw new AppError(400, 'cannot_message_self');
        const conversation = await repo.findConversationByPair(member.profileId, partnerId);
        membership = conversation ? await repo.findMembership(member.profileId, conversation.id) : undefined;
      }
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
      const base = {
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
      if (!membership) return { ...base, conversation: null, messages: [], has_more: false, has_hidden_history: false };

      const { member: side, conversation } = membership;
      const partnerSide = await repo.findMember(partnerId, conversation.id);
      const windowStart = deps.now().getTime() - HISTORY_MS;
      let rows: MessageRow[];
      let hasMore: boolean;
      let hasHiddenHistory = false;
      if (page.after !== undefined) {
        const after = Math.max(page.after, side.clearedSeq);
        rows = await repo.pageAfter(conversation.id, after, CATCH_UP_LIMIT + 1);
        hasMore = rows.length > CATCH_UP_LIMIT;
        rows = rows.slice(0, CATCH_UP_LIMIT);
      } else {
        const newestFirst = await readPageBefore(conversation.id, side.clearedSeq, page.before ?? null);
        // The privacy window is applied to the page read, so the query reads one page whatever the history holds.
        const inWindow = newestFirst.filter((row) => row.createdAt.getTime() >= windowStart);
        hasHiddenHistory = inWindow.length < newestFirst.length;
        const kept = inWindow.slice(0, MESSAGES_PAGE_SIZE);
        hasMore = !hasHiddenHistory && newestFirst.length > MESSAGES_PAGE_SIZE;
        rows = kept.reverse();
      }
      if (
        page.before === undefined &&
        page.after === undefined &&
        (side.unreadCount > 0 || side.readSeq < conversation.lastSeq)
      ) {
        await this.markRead(member, conversation.id, conversation.lastSeq);
      }
      return {
        ...base,
        conversation: {
          id: conversation.id,
          last_seq: conversation.lastSeq,
          partner_read_seq: partnerSide?.readSeq ?? 0,
        },
        messages: rows.map((row) => toMessage(row, member.profileId)),
        has_more: hasMore,
        has_hidden_history: hasHiddenHistory,
      };
    },

    /** The member has seen the conversation up to `seq`: unread count, list version and both members' clients follow. */
    async markRead(member: Pick<Viewer, 'profileId'>, conversationId: number, seq: number) {
      const result = await deps.outbox.transaction(async (tx, effects) => {
        const side = await repo.findMembership(member.profileId, conversationId, tx);
        if (!side) throw conversationNotFound();
        const upTo = Math.min(seq, side.conversation.lastSeq);
        if (upTo <= side.member.readSeq && side.member.unreadCount === 0)
          return { num_unread_messages: 0, changed: false };
        await repo.lockInboxes([member.profileId], tx);
        const version = await repo.bumpVersion(member.profileId, tx);
        const updated = await repo.markRead(conversationId, member.profileId, upTo, version, tx);
        const readSeq = updated?.readSeq ?? upTo;
        await recordAll(
          effects,
          [member.profileId],
          [
            {
              profileIds: [member.profileId, side.member.partnerProfileId],
              event: {
                type: 'read',
                conversation_id: conversationId,
                reader_id: member.profileId,
                seq: readSeq,
                version,
              },
            },
            {
              profileIds: [member.profileId],
              event: { type: 'unread', unread_total: await repo.unreadTotal(member.profileId, tx) },
            },
          ],
        );
        return { num_unread_messages: updated?.unreadCount ?? 0, changed: true };
      });
      const unreadTotal = await repo.unreadTotal(member.profileId);
      return { num_unread_messages: result.num_unread_messages, unread_total: unreadTotal };
    },

    /** DELETE /api/chat.php: off the member's list (the partner keeps it); it comes back when the partner writes again. */
    async remove(member: Pick<Viewer, 'profileId'>, conversationId: number): Promise<void> {
      await deps.outbox.transaction(async (tx, effects) => {
        const side = await repo.findMembership(member.profileId, conversationId, tx);
        if (!side || side.member.isHidden) throw conversationNotFound();
        await repo.lockInboxes([member.profileId], tx);
        const version = await repo.bumpVersion(member.profileId, tx);
        await repo.hide(conversationId, member.profileId, side.conversation.lastSeq, version, tx);
        await recordAll(
          effects,
          [member.profileId],
          [
            {
              profileIds: [member.profileId],
              event: { type: 'conversation_removed', conversation_id: conversationId, version },
            },
            {
              profileIds: [member.profileId],
              event: { type: 'unread', unread_total: await repo.unreadTotal(member.profileId, tx) },
            },
          ],
        );
      });
    },

    /**
     * Unmatch (likes.unmatch): the pair's conversation leaves both members' lists in the caller's transaction, as
     * DELETE /api/chat.php does for one. It comes back when either writes again. Nothing when they never wrote.
     */
    async hidePair(a: number, b: number, tx: Executor, effects: Effects): Promise<void> {
      const conversation = await repo.findConversationByPair(a, b, tx);
      if (!conversation) return;
      await repo.lockInboxes([a, b], tx);
      const inboxes: number[] = [];
      const events: { profileIds: number[]; event: SocketServerEvent }[] = [];
      for (const profileId of [a, b]) {
        const side = await repo.findMembership(profileId, conversation.id, tx);
        if (!side || side.member.isHidden) continue;
        const version = await repo.bumpVersion(profileId, tx);
        await repo.hide(conversation.id, profileId, side.conversation.lastSeq, version, tx);
        inboxes.push(profileId);
        events.push(
          {
            profileIds: [profileId],
            event: { type: 'conversation_removed', conversation_id: conversation.id, version },
          },
          { profileIds: [profileId], event: { type: 'unread', unread_total: await repo.unreadTotal(profileId, tx) } },
        );
      }
      if (inboxes.length) await recordAll(effects, inboxes, events);
    },

    /** A typing hint for the partner: best effort, never stored; ignored for conversations the member cannot write in. */
    async typing(member: Pick<Viewer, 'profileId'>, conversationId: number): Promise<void> {
      const side = await repo.findMember(member.profileId, conversationId);
      if (!side || (await repo.findBlockDirection(member.profileId, side.partnerProfileId))) return;
      await deps.realtime.publish([side.partnerProfileId], {
        type: 'typing',
        conversation_id: conversationId,
        profile_id: member.profileId,
      });
    },

    /** What the socket's hello tells a member: their list version and unread total. */
    async inboxState(profileId: number) {
      const { version, unreadTotal } = await repo.findInboxSummary(profileId);
      return { version, unreadTotal };
    },

    /** The stored photo of a message, for a signed URL's request. */
    async findPhotoKeys(messageId: number) {
      return repo.findPhotoKeys(messageId);
    },

    /**
     * The stored photo of a message for the member its URL was signed for, checked at every fetch: only while that
     * member is still in the conversation and neither blocked the other (a block revokes URLs handed out before it).
     */
    async findViewablePhotoKeys(messageId: number, viewerProfileId: number) {
      const photo = await repo.findPhotoKeys(messageId);
      if (!photo) return undefined;
      const membership = await repo.findMember(viewerProfileId, photo.conversationId);
      if (!membership) return undefined;
      if (await repo.findBlockDirection(viewerProfileId, membership.partnerProfileId)) return undefined;
      return photo;
    },

    /**
     * Delivers the signup messages of a member whose account was just activated, inside that transaction: each
     * becomes the first message of its conversation (free: it was written before any credits), exactly once; what
     * follows the commit is recorded in that transaction's `effects`.
     */
    async deliverSignupMessages(userId: number, tx: Executor, effects: Effects): Promise<void> {
      const pending = await repo.listUndeliveredSignupMessages(userId, tx);
      const events: { profileIds: number[]; event: SocketServerEvent }[] = [];
      const inboxes: number[] = [];
      const senderId = pending.length ? await repo.profileIdOfUser(userId, tx) : undefined;
      // Banned or suspended before confirming the address (docs/bans.md): the messages are settled, never delivered.
      const isSenderRestricted =
        senderId !== undefined && Boolean((await repo.findPartner(senderId, null, tx))?.isRestricted);
      const now = deps.now();
      for (const item of pending) {
        await repo.markSignupMessageDelivered(item.id, now, tx);
        if (!senderId || isSenderRestricted || item.targetProfileId === senderId) continue;
        const partner = await repo.findPartner(item.targetProfileId, null, tx);
        if (partnerBlockReason(partner) || !item.body.trim()) continue;
        await deps.blocks.lockPair(senderId, item.targetProfileId, tx);
        await repo.lockInboxes([senderId, item.targetProfileId], tx);
        if (await repo.findBlockDirection(senderId, item.targetProfileId, tx)) continue;
        const conversation =
          (await repo.findConversationByPair(senderId, item.targetProfileId, tx)) ??
          (await repo.createConversation(senderId, item.targetProfileId, tx));
        const seq = await repo.nextSeq(conversation.id, tx);
        const message = await repo.insertMessage(
          {
            conversationId: conversation.id,
            seq,
            senderProfileId: senderId,
            clientId: `signup-${item.id}`,
            kind: 'text',
            body: item.body,
            createdAt: now,
          },
          tx,
        );
        const versions = await repo.bumpVersions([senderId, item.targetProfileId], tx);
        const partnerVersion = versions.get(item.targetProfileId)!;
        inboxes.push(senderId, item.targetProfileId);
        await repo.touchBoth(
          conversation.id,
          { profileId: senderId, version: versions.get(senderId)!, seq },
          { profileId: item.targetProfileId, version: partnerVersion },
          now,
          tx,
        );
        events.push({
          profileIds: [item.targetProfileId],
          event: {
            type: 'message',
            message: toMessage(message, item.targetProfileId),
            partner_id: senderId,
            version: partnerVersion,
          },
        });
      }
      if (inboxes.length) await recordAll(effects, inboxes, events);
    },
  };
}
export type ChatsService = ReturnType<typeof createChatsService>;
