// @vitest-environment jsdom
// Socket events and the catch-up after a reconnect, against the query cache: the list follows versions (a gap asks
// `since`), every open conversation catches up from its last sequence, and no message shows twice or goes missing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { userKeys } from '../../../lib/session/get-user.ts';
import { chatKeys } from '../api/get-chats.ts';
import { applySocketEvent, catchUpAll } from './use-chat-realtime.ts';
import { mergeDelta, mergeNewestPage, type ChatsList, type ConversationData } from '../lib/chats-cache.ts';
import { resetChatStore, setOpenConversation, useChatStore } from '../lib/chat-store.ts';
import { buildChats, buildConversation, buildEntry, buildMessage } from '../lib/chat-fixtures.ts';

const ME = 70;

afterEach(() => {
  vi.unstubAllGlobals();
  resetChatStore();
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const list: ChatsList = {
    chats: [
      buildEntry({ id: 1, last_seq: 3, version: 4 }),
      buildEntry({ id: 2, last_seq: 1, version: 5, last_activity_at: '2025-04-30T10:00:00.000Z' }),
    ],
    next_cursor: null,
    version: 5,
    unread_total: 0,
    started_count: 1,
  };
  client.setQueryData(chatKeys.list(), list);
  client.setQueryData(
    chatKeys.conversation(1),
    buildConversation({ messages: [buildMessage({ seq: 1 }), buildMessage({ seq: 2 }), buildMessage({ seq: 3 })] }),
  );
  // The conversation is on screen: its query has an observer.
  const observer = new QueryObserver(client, {
    queryKey: chatKeys.conversation(1),
    queryFn: () => Promise.reject(new Error('not refetched')),
    staleTime: Infinity,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { client, unsubscribe };
}

const seqs = (client: QueryClient, id = 1) =>
  client.getQueryData<ConversationData>(chatKeys.conversation(id))!.messages.map((message) => message.seq);
const listOf = (client: QueryClient) => client.getQueryData<ChatsList>(chatKeys.list())!;

describe('chat realtime', () => {
  it('sends a tab to the ban page when staff banned the member, and only asks user.php again after another logout', () => {
    const { client, unsubscribe } = setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applySocketEvent(client, { type: 'session_ended', ban_reason: 'scam_spam' }, ME);
    expect(assign).toHaveBeenCalledWith('/pages/ban?reason=scam_spam');
    expect(invalidate).not.toHaveBeenCalled();
    applySocketEvent(client, { type: 'session_ended', ban_reason: null }, ME);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: userKeys.all });
    unsubscribe();
  });

  it('reloads the list and the conversations when a partner was banned or let back in (docs/bans.md)', () => {
    const { client, unsubscribe } = setup();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
    applySocketEvent(client, { type: 'member_availability', profile_id: 81, is_available: false }, ME);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: chatKeys.all });
    unsubscribe();
  });

  it('appends a live message once, moves its conversation to the top and counts it unread', () => {
    const { client, unsubscribe } = setup();
    const message = buildMessage({ seq: 4, conversation_id: 2, created_at: '2025-05-02T09:00:00.000Z' });
    applySocketEvent(client, { type: 'message', message, partner_id: 82, version: 6 }, ME);
    applySocketEvent(client, { type: 'message', message, partner_id: 82, version: 6 }, ME);
    const list = listOf(client);
    expect(list.chats.map((entry) => entry.conversation.id)).toEqual([2, 1]);
    expect(list.chats[0]).toMatchObject({
      num_unread_messages: 1,
      last_seq: 4,
      last_message: { preview: 'Message 4' },
    });
    expect(list.version).toBe(6);
    unsubscribe();
  });

  it('does not count a message in the open conversation as unread and tells the server it was read', async () => {
    const { client, unsubscribe } = setup();
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/chat-read.php' ? { body: { num_unread_messages: 0, unread_total: 0 } } : undefined,
    );
    setOpenConversation(1);
    applySocketEvent(client, { type: 'message', message: buildMessage({ seq: 4 }), partner_id: 81, version: 6 }, ME);
    expect(seqs(client)).toEqual([1, 2, 3, 4]);
    expect(listOf(client).chats[0]!.num_unread_messages).toBe(0);
    await vi.waitFor(
      () =>
        expect(calls).toContainEqual({ method: 'POST', path: '/api/chat-read.php', body: { conversation: 1, seq: 4 } }),
      { timeout: 5000 },
    );
    unsubscribe();
  });

  it('catches up after a reconnect from the last version and sequence held: no gap, no duplicate', async () => {
    const { client, unsubscribe } = setup();
    // While the socket was down: message 4 arrived live just before the drop, 5 and 6 were missed; conversation 2 was deleted elsewhere.
    applySocketEvent(client, { type: 'message', message: buildMessage({ seq: 4 }), partner_id: 81, version: 6 }, ME);
    const { calls } = mockFetch(({ url }) => {
      if (url.pathname === '/api/chats.php' && url.searchParams.get('since') === '6') {
        return {
          body: buildChats({
            chats: [
              buildEntry({
                id: 1,
                last_seq: 6,
                version: 8,
                num_unread_messages: 3,
                last_activity_at: '2025-05-03T08:00:00.000Z',
              }),
            ],
            removed: [2],
            version: 9,
            unread_total: 3,
          }),
        };
      }
      if (url.pathname === '/api/chat.php' && url.searchParams.get('after') === '4') {
        // The server answers from the sequence asked: 4 is not sent again, but a repeat would be harmless.
        return {
          body: buildConversation({
            conversation: { id: 1, last_seq: 6, partner_read_seq: 2 },
            messages: [buildMessage({ seq: 4 }), buildMessage({ seq: 5 }), buildMessage({ seq: 6 })],
            has_more: false,
          }),
        };
      }
      return undefined;
    });
    applySocketEvent(client, { type: 'hello', profile_id: ME, version: 9, unread_total: 3 }, ME);
    await vi.waitFor(() => expect(listOf(client).version).toBe(9), { timeout: 5000 });
    await vi.waitFor(() => expect(seqs(client)).toEqual([1, 2, 3, 4, 5, 6]), { timeout: 5000 });
    expect(listOf(client).chats.map((entry) => entry.conversation.id)).toEqual([1]);
    expect(listOf(client).unread_total).toBe(3);
    expect(calls.map((call) => call.path)).toEqual(['/api/chats.php?since=6', '/api/chat.php?conversation=1&after=4']);
    // The same catch-up again changes nothing.
    await catchUpAll(client);
    expect(seqs(client)).toEqual([1, 2, 3, 4, 5, 6]);
    unsubscribe();
  });

  it('asks for the missed changes when an event skips a version, and pages a long catch-up', async () => {
    const { client, unsubscribe } = setup();
    const { calls } = mockFetch(({ url }) => {
      if (url.pathname === '/api/chats.php')
        return { body: buildChats({ chats: [buildEntry({ id: 2, last_seq: 2, version: 6 })], version: 7 }) };
      if (url.pathname === '/api/chat.php') {
        const after = Number(url.searchParams.get('after'));
        // Two a page up to message 8.
        const messages = [after + 1, after + 2].filter((seq) => seq <= 8).map((seq) => buildMessage({ seq }));
        return { body: buildConversation({ messages, has_more: after + 2 < 8 }) };
      }
      return undefined;
    });
    // Version 7 arrives while 5 is held: 6 was missed.
    applySocketEvent(
      client,
      { type: 'message', message: buildMessage({ seq: 8, conversation_id: 1 }), partner_id: 81, version: 7 },
      ME,
    );
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/chats.php?since=5'), {
      timeout: 5000,
    });
    // Conversation 1 held 1..3 and got 8: the gap 4..7 is fetched.
    await vi.waitFor(() => expect(seqs(client)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]), { timeout: 5000 });
    await vi.waitFor(() => expect(listOf(client).version).toBe(7), { timeout: 5000 });
    unsubscribe();
  });

  it('applies read marks, removals, unread totals and typing', () => {
    const { client, unsubscribe } = setup();
    applySocketEvent(client, { type: 'read', conversation_id: 1, reader_id: 81, seq: 3, version: 99 }, ME);
    expect(client.getQueryData<ConversationData>(chatKeys.conversation(1))!.conversation!.partner_read_seq).toBe(3);
    // The partner's version is not the member's: the list did not move.
    expect(listOf(client).version).toBe(5);
    applySocketEvent(client, { type: 'conversation_removed', conversation_id: 2, version: 6 }, ME);
    expect(listOf(client).chats.map((entry) => entry.conversation.id)).toEqual([1]);
    applySocketEvent(client, { type: 'unread', unread_total: 4 }, ME);
    expect(listOf(client).unread_total).toBe(4);
    applySocketEvent(client, { type: 'typing', conversation_id: 1, profile_id: 81 }, ME);
    expect(useChatStore.getState().typingAt[1]).toBeTypeOf('number');
    unsubscribe();
  });
});

describe('chat cache merges', () => {
  it('keeps a list entry a socket event made newer than the answer, and drops removed ones', () => {
    const held: ChatsList = {
      chats: [buildEntry({ id: 1, version: 9 }), buildEntry({ id: 2, version: 3 })],
      next_cursor: null,
      version: 8,
      unread_total: 1,
      started_count: 2,
    };
    const merged = mergeDelta(
      held,
      buildChats({
        chats: [buildEntry({ id: 1, version: 7, last_seq: 1 })],
        removed: [2],
        version: 8,
        unread_total: 0,
        started_count: 2,
      }),
    );
    expect(merged.chats).toHaveLength(1);
    expect(merged.chats[0]!.version).toBe(9);
  });

  it('joins the newest page to what is held, or replaces it when they do not meet', () => {
    const held = buildConversation({ messages: [1, 2, 3].map((seq) => buildMessage({ seq })), has_more: true });
    const meets = mergeNewestPage(
      held,
      buildConversation({ messages: [3, 4].map((seq) => buildMessage({ seq })), has_more: true }),
    );
    expect(meets.messages.map((message) => message.seq)).toEqual([1, 2, 3, 4]);
    const apart = mergeNewestPage(
      held,
      buildConversation({ messages: [40, 41].map((seq) => buildMessage({ seq })), has_more: true }),
    );
    expect(apart.messages.map((message) => message.seq)).toEqual([40, 41]);
  });
});
