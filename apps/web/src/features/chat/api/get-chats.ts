// GET /api/chats.php: the conversation list (newest activity first, 50 a page), `cursor` for more, `since` for what
// changed after a version. The answer carries an ETag: the browser revalidates each poll itself (304 when unchanged).
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChatsQuery } from '@app/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { memberRelationsMeta } from '../../../lib/member-relations-cache.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { getUserRefreshInterval } from '../../../lib/session/user-refresh.ts';
import { usePushStore } from '../../../lib/push.ts';
import { appendPage, mergeDelta, mergeFirstPage, type ChatsList } from '../lib/chats-cache.ts';

/** Query keys of the chat: the list, and each conversation by id or by partner. */
export const chatKeys = {
  all: ['chats'] as const,
  list: () => [...chatKeys.all, 'list'] as const,
  conversations: () => [...chatKeys.all, 'conversation'] as const,
  conversation: (id: number) => [...chatKeys.conversations(), id] as const,
  byProfile: (profileId: number) => [...chatKeys.all, 'profile', profileId] as const,
};

export const getChats = (query: ChatsQuery = {}) => apiRequest('chats.php', { query, response: 'chatsResponseSchema' });

/** The first page, merged into what the list holds (older pages loaded beyond it stay). */
export async function loadChatList(client: QueryClient): Promise<ChatsList> {
  const page = await getChats();
  return mergeFirstPage(client.getQueryData<ChatsList>(chatKeys.list()), page);
}

/**
 * What changed since the version held (after a reconnect or a missed event), merged into the list as it is when the
 * answer arrives. Too many changes (409) reload the first page instead.
 */
export async function catchUpChatList(client: QueryClient): Promise<void> {
  const held = client.getQueryData<ChatsList>(chatKeys.list());
  if (!held) return;
  try {
    const delta = await getChats({ since: String(held.version) });
    const now = client.getQueryData<ChatsList>(chatKeys.list());
    if (now) client.setQueryData(chatKeys.list(), mergeDelta(now, delta));
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      client.setQueryData(chatKeys.list(), await loadChatList(client));
      return;
    }
    throw error;
  }
}

/** The next page of older conversations. */
export async function loadMoreChats(client: QueryClient): Promise<void> {
  const held = client.getQueryData<ChatsList>(chatKeys.list());
  if (!held?.next_cursor) return;
  const page = await getChats({ cursor: held.next_cursor });
  const now = client.getQueryData<ChatsList>(chatKeys.list());
  if (now) client.setQueryData(chatKeys.list(), appendPage(now, page));
}

/** A block removes the member's conversations from the list at once (member-relations meta). */
export const chatsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.list(),
    queryFn: ({ client }) => loadChatList(client),
    meta: memberRelationsMeta('block'),
    staleTime: 30_000,
  });

/** The unread total as the cache holds it, without fetching or polling (the page title's count, from the root). */
export function useCachedUnreadTotal(): number {
  const { data } = useQuery({ ...chatsQueryOptions(), enabled: false });
  return data?.unread_total ?? 0;
}

export function useChats() {
  const { data: user } = useUser();
  return useQuery({ ...chatsQueryOptions(), enabled: Boolean(user) });
}

/**
 * The one polling observer (the navigation, or the chat screens which have none): polled like the user, first after
 * 5 s, then every 60 s (300 s with push), as SPEC section 7 says, also while the socket is live: its events make a
 * change show at once, and the poll (a 304 when nothing changed) is the safety net for an event lost on the way
 * (docs/chat.md, "Reading").
 */
export function useChatsRefresh() {
  const { data: user } = useUser();
  // A message push while the socket is down (a tab in the background): the list refreshes at once, not at the next poll.
  const queryClient = useQueryClient();
  const lastPush = usePushStore((store) => store.lastMessage);
  useEffect(() => {
    if (lastPush && lastPush.type !== 'like') void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
  }, [lastPush, queryClient]);
  return useQuery({
    ...chatsQueryOptions(),
    enabled: Boolean(user),
    refetchInterval: (query) => getUserRefreshInterval(user, query.state.dataUpdateCount),
  });
}
