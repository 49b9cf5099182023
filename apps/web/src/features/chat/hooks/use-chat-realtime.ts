// Keeps the chat's cache in step with the member socket: applies each event (message, read, typing, removal, unread
// totals, the member's credits), and after every (re)connect catches up the list (`since`) and every open conversation
// (`after`) from what the client holds, so nothing is missed and nothing shows twice.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SocketServerEvent, User } from '@app/contracts';
import { getSocketClient, useSocketConnection } from '../../../lib/socket-client.ts';
import { useUser, userKeys } from '../../../lib/session/get-user.ts';
import { banPagePath } from '../../../lib/account-ban.ts';
import { catchUpChatList, chatKeys } from '../api/get-chats.ts';
import { catchUpConversation } from '../api/get-chat.ts';
import { markChatRead } from '../api/mark-chat-read.ts';
import {
  appendMessages,
  applyMessageToList,
  applyOwnReadToList,
  applyPartnerRead,
  lastHeldSeq,
  removeConversation,
  versionStep,
  type ChatsList,
  type ConversationData,
} from '../lib/chats-cache.ts';
import { clearTyping, getOpenConversation, markTyping, resetChatStore } from '../lib/chat-store.ts';

const isPageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/** Conversations whose screen is mounted (their queries have observers). */
export function openConversationIds(client: QueryClient): number[] {
  return client
    .getQueryCache()
    .findAll({ queryKey: chatKeys.conversations() })
    .filter((query) => query.getObserversCount() > 0)
    .map((query) => query.queryKey[2])
    .filter((id): id is number => typeof id === 'number');
}

/** The conversation on screen was read up to `seq`: the server is told, the list follows its answer. */
export async function readOpenConversation(client: QueryClient, conversationId: number, seq: number): Promise<void> {
  try {
    const result = await markChatRead({ conversation: conversationId, seq });
    const list = client.getQueryData<ChatsList>(chatKeys.list());
    if (!list) return;
    client.setQueryData(chatKeys.list(), {
      ...list,
      unread_total: result.unread_total,
      chats: list.chats.map((entry) =>
        entry.conversation.id === conversationId
          ? { ...entry, num_unread_messages: result.num_unread_messages }
          : entry,
      ),
    });
  } catch {
    // The next opening marks it read; the badge stays until then.
  }
}

function updateList(client: QueryClient, update: (list: ChatsList) => ChatsList | null): void {
  const list = client.getQueryData<ChatsList>(chatKeys.list());
  if (!list) return;
  const next = update(list);
  if (next === null) {
    void catchUpChatList(client).catch(() => undefined);
    return;
  }
  if (next !== list) client.setQueryData(chatKeys.list(), next);
}

/** Catches up the list and every open conversation: after each (re)connect, and when an event shows a gap. */
export async function catchUpAll(client: QueryClient, options: { listVersion?: number } = {}): Promise<void> {
  const list = client.getQueryData<ChatsList>(chatKeys.list());
  const tasks: Promise<unknown>[] = [];
  if (list && (options.listVersion === undefined || options.listVersion !== list.version))
    tasks.push(catchUpChatList(client));
  for (const conversationId of openConversationIds(client)) {
    tasks.push(
      catchUpConversation(client, conversationId).then(({ received }) => {
        const open = getOpenConversation();
        const held = client.getQueryData<ConversationData>(chatKeys.conversation(conversationId));
        if (received > 0 && open === conversationId && isPageVisible() && held?.conversation) {
          return readOpenConversation(client, conversationId, held.conversation.last_seq);
        }
        return undefined;
      }),
    );
  }
  await Promise.allSettled(tasks);
}

/** One server event applied to the cache. */
export function applySocketEvent(client: QueryClient, event: SocketServerEvent, myProfileId: number | undefined): void {
  switch (event.type) {
    case 'hello': {
      const list = client.getQueryData<ChatsList>(chatKeys.list());
      if (list) client.setQueryData(chatKeys.list(), { ...list, unread_total: event.unread_total });
      void catchUpAll(client, { listVersion: event.version });
      return;
    }
    case 'message': {
      const { message } = event;
      const conversationId = message.conversation_id;
      const isOpen = getOpenConversation() === conversationId && isPageVisible();
      const held = client.getQueryData<ConversationData>(chatKeys.conversation(conversationId));
      if (held?.conversation) {
        // Messages between the last one held and this one were missed: fetched from the last one held (this one with them).
        const isGap = held.messages.length > 0 && message.seq > lastHeldSeq(held) + 1;
        if (isGap) void catchUpConversation(client, conversationId).catch(() => undefined);
        else client.setQueryData(chatKeys.conversation(conversationId), appendMessages(held, [message]));
      }
      if (!message.is_mine) clearTyping(conversationId);
      // The sender's own event carries the balance after the send (the member view is not reloaded for a debit).
      if (message.is_mine && event.credits !== undefined) {
        const credits = event.credits;
        client.setQueryData<User | null>(userKeys.all, (user) => (user ? { ...user, credits } : user));
      }
      updateList(client, (list) => {
        const next = applyMessageToList(list, message, event.version, { isOpen });
        if (next && versionStep(list, event.version) === 'gap') void catchUpChatList(client).catch(() => undefined);
        return next;
      });
      if (isOpen && !message.is_mine) void readOpenConversation(client, conversationId, message.seq);
      return;
    }
    case 'read': {
      if (event.reader_id === myProfileId) {
        updateList(client, (list) => {
          if (versionStep(list, event.version) === 'gap') void catchUpChatList(client).catch(() => undefined);
          return applyOwnReadToList(list, event.conversation_id, event.seq, event.version);
        });
        return;
      }
      const held = client.getQueryData<ConversationData>(chatKeys.conversation(event.conversation_id));
      if (held) client.setQueryData(chatKeys.conversation(event.conversation_id), applyPartnerRead(held, event.seq));
      return;
    }
    case 'typing':
      if (event.profile_id !== myProfileId) markTyping(event.conversation_id);
      return;
    case 'conversation_removed':
      updateList(client, (list) => {
        if (versionStep(list, event.version) === 'gap') void catchUpChatList(client).catch(() => undefined);
        return removeConversation(list, event.conversation_id, event.version);
      });
      client.removeQueries({ queryKey: chatKeys.conversation(event.conversation_id) });
      return;
    case 'unread': {
      const list = client.getQueryData<ChatsList>(chatKeys.list());
      if (list && list.unread_total !== event.unread_total)
        client.setQueryData(chatKeys.list(), { ...list, unread_total: event.unread_total });
      return;
    }
    case 'member_changed':
      void client.invalidateQueries({ queryKey: userKeys.all });
      return;
    case 'photo_screened':
      // A chat photo was screened (docs/safety.md): whether it shows blurred may have changed.
      void client.invalidateQueries({ queryKey: chatKeys.conversation(event.conversation_id) });
      return;
    case 'member_availability':
      // A partner was banned or let back in (docs/bans.md): the list's flag and the conversation's composer follow.
      void client.invalidateQueries({ queryKey: chatKeys.all });
      return;
    case 'session_ended':
      // Banned or suspended: straight to the ban page, with nothing of the member's left in memory (a full load).
      if (event.ban_reason) window.location.assign(banPagePath(event.ban_reason));
      // Otherwise a logout or password change elsewhere: this tab's session may have ended too; user.php says.
      else void client.invalidateQueries({ queryKey: userKeys.all });
      return;
    default:
      // `like` is for the likes badge (the navigation listens itself); unknown types are ignored.
      return;
  }
}

let subscribers = 0;
let unsubscribe: (() => void) | null = null;
let currentProfileId: number | undefined;

/**
 * Mounted by the navigation and by the chat screens (the chat layout has no navigation): holds the socket open for a
 * logged-in member and applies its events once, however many places mount it.
 */
export function useChatRealtime(): void {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const profileId = user?.profile.id;
  useSocketConnection(profileId ?? null);

  useEffect(() => {
    // Another member (or none): nothing of the previous one's sends, typing or last opened chat stays.
    if (currentProfileId !== undefined && currentProfileId !== profileId) resetChatStore();
    currentProfileId = profileId;
  }, [profileId]);

  useEffect(() => {
    if (profileId === undefined) return;
    subscribers += 1;
    if (subscribers === 1)
      unsubscribe = getSocketClient().subscribe((event) => applySocketEvent(queryClient, event, currentProfileId));
    return () => {
      subscribers -= 1;
      if (subscribers > 0) return;
      unsubscribe?.();
      unsubscribe = null;
    };
  }, [queryClient, profileId]);
}
