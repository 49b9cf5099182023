// GET /api/chat.php: one conversation by id (or by partner for /members/{id}/chat). The newest page marks it read on
// the server; `before` pages back, `after` catches up forward (up to 200 a time, `has_more` asks for the rest).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ChatQuery } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import {
  appendMessages,
  lastHeldSeq,
  mergeNewestPage,
  prependOlder,
  type ChatsList,
  type ConversationData,
} from '../lib/chats-cache.ts';
import { clearUnread } from '../lib/chats-cache.ts';
import { chatKeys } from './get-chats.ts';

export const getChat = (query: ChatQuery) => apiRequest('chat.php', { query, response: 'chatResponseSchema' });

/** Opening a conversation: the newest page, merged with what is held; its unread count goes to 0 at once. */
export async function openConversation(client: QueryClient, conversationId: number): Promise<ConversationData> {
  const page = await getChat({ conversation: String(conversationId) });
  const list = client.getQueryData<ChatsList>(chatKeys.list());
  if (list) client.setQueryData(chatKeys.list(), clearUnread(list, conversationId));
  return mergeNewestPage(client.getQueryData<ConversationData>(chatKeys.conversation(conversationId)), page);
}

/** Every conversation whose screen is mounted is caught up from its last sequence (after a reconnect). */
export async function catchUpConversation(client: QueryClient, conversationId: number): Promise<{ received: number }> {
  let received = 0;
  for (;;) {
    const held = client.getQueryData<ConversationData>(chatKeys.conversation(conversationId));
    if (!held?.conversation) return { received };
    const page = await getChat({ conversation: String(conversationId), after: String(lastHeldSeq(held)) });
    const now = client.getQueryData<ConversationData>(chatKeys.conversation(conversationId));
    if (now)
      client.setQueryData(
        chatKeys.conversation(conversationId),
        appendMessages({ ...now, partner: page.partner, send_blocked_reason: page.send_blocked_reason }, page.messages),
      );
    received += page.messages.filter((message) => !message.is_mine).length;
    if (!page.has_more || page.messages.length === 0) return { received };
  }
}

/** The next older page (infinite scroll up). */
export async function loadOlderMessages(client: QueryClient, conversationId: number): Promise<void> {
  const held = client.getQueryData<ConversationData>(chatKeys.conversation(conversationId));
  const first = held?.messages[0];
  if (!held || !first || !held.has_more) return;
  const page = await getChat({ conversation: String(conversationId), before: String(first.seq) });
  const now = client.getQueryData<ConversationData>(chatKeys.conversation(conversationId));
  if (now) client.setQueryData(chatKeys.conversation(conversationId), prependOlder(now, page));
}

/** Always asked again when a conversation screen mounts (it marks the conversation read); the socket keeps it fresh after. */
export const chatQueryOptions = (conversationId: number) =>
  queryOptions({
    queryKey: chatKeys.conversation(conversationId),
    queryFn: ({ client }) => openConversation(client, conversationId),
    staleTime: 0,
    gcTime: 5 * 60_000,
  });

export const useChat = (conversationId: number) => useQuery(chatQueryOptions(conversationId));

/** /members/{id}/chat: the conversation with this partner, or none yet (the first send starts it). */
export const chatByProfileQueryOptions = (profileId: number) =>
  queryOptions({
    queryKey: chatKeys.byProfile(profileId),
    queryFn: () => getChat({ profile: String(profileId) }),
    staleTime: 0,
    gcTime: 0,
  });

export const useChatByProfile = (profileId: number) => useQuery(chatByProfileQueryOptions(profileId));
