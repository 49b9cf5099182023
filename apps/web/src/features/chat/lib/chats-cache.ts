// The chat's cached server data and how every answer and socket event changes it, as pure functions: the conversation
// list (chats.php pages, `since` deltas) and each conversation's messages (pages, catch-ups, sends). No gap, no duplicate.
import type { ChatEntry, ChatMessage, ChatResponse, ChatsResponse } from '@app/contracts';

/** The conversation list as the client holds it: every page loaded so far, merged. */
export type ChatsList = {
  chats: ChatEntry[];
  next_cursor: string | null;
  /** Every change up to this version of the member's list is in `chats`. */
  version: number;
  unread_total: number;
  started_count: number;
};

/** A conversation as the client holds it: the newest page's details with every message loaded so far, oldest first. */
export type ConversationData = ChatResponse;

const byActivity = (a: ChatEntry, b: ChatEntry) =>
  b.last_activity_at.localeCompare(a.last_activity_at) || b.conversation.id - a.conversation.id;

export function sortChats(chats: ChatEntry[]): ChatEntry[] {
  return [...chats].sort(byActivity);
}

/** The first page (or a reload of it) replaces what the list held, keeping older pages loaded beyond it. */
export function mergeFirstPage(held: ChatsList | undefined, page: ChatsResponse): ChatsList {
  const fresh: ChatsList = {
    chats: page.chats,
    next_cursor: page.next_cursor,
    version: page.version,
    unread_total: page.unread_total,
    started_count: page.started_count,
  };
  if (!held || page.next_cursor === null || page.chats.length === 0) return fresh;
  const ids = new Set(page.chats.map((entry) => entry.conversation.id));
  const oldest = page.chats.at(-1)!;
  const tail = held.chats.filter((entry) => !ids.has(entry.conversation.id) && byActivity(oldest, entry) < 0);
  if (tail.length === 0) return fresh;
  return { ...fresh, chats: [...page.chats, ...tail], next_cursor: held.next_cursor };
}

/** A further page (`cursor`) appended without repeats. */
export function appendPage(held: ChatsList, page: ChatsResponse): ChatsList {
  const ids = new Set(held.chats.map((entry) => entry.conversation.id));
  return {
    ...held,
    chats: [...held.chats, ...page.chats.filter((entry) => !ids.has(entry.conversation.id))],
    next_cursor: page.next_cursor,
  };
}

/**
 * A `since` answer merged into what the list holds now (which socket events may have moved on meanwhile): an entry
 * is replaced unless the held one is newer, removed ones leave, and the list version becomes the newer of the two.
 */
export function mergeDelta(held: ChatsList, delta: ChatsResponse): ChatsList {
  const removed = new Set(delta.removed);
  const changed = new Map(delta.chats.map((entry) => [entry.conversation.id, entry]));
  const kept = held.chats.filter((entry) => {
    const id = entry.conversation.id;
    if (changed.has(id)) return entry.version > changed.get(id)!.version;
    return !(removed.has(id) && entry.version <= delta.version);
  });
  const keptIds = new Set(kept.map((entry) => entry.conversation.id));
  const added = delta.chats.filter((entry) => !keptIds.has(entry.conversation.id));
  const isNewer = delta.version >= held.version;
  return {
    ...held,
    chats: sortChats([...kept, ...added]),
    version: Math.max(held.version, delta.version),
    unread_total: isNewer ? delta.unread_total : held.unread_total,
    started_count: Math.max(held.started_count, delta.started_count),
  };
}

/**
 * How an event's list version relates to what the list holds: `stale` (already in), `next` (the one change after it:
 * apply and move on) or `gap` (changes were missed: apply, then catch up with `since`).
 */
export function versionStep(held: ChatsList, version: number): 'stale' | 'next' | 'gap' {
  if (version <= held.version) return 'stale';
  return version === held.version + 1 ? 'next' : 'gap';
}

/** The list after a message in one of its conversations; null when the conversation is not in it (catch up instead). */
export function applyMessageToList(
  held: ChatsList,
  message: ChatMessage,
  version: number,
  options: { isOpen: boolean },
): ChatsList | null {
  const entry = held.chats.find((item) => item.conversation.id === message.conversation_id);
  if (!entry) return null;
  const step = versionStep(held, version);
  if (step === 'stale' || message.seq <= entry.last_seq) return held;
  const countsUnread = !message.is_mine && !options.isOpen;
  const updated: ChatEntry = {
    ...entry,
    last_seq: message.seq,
    last_activity_at: message.created_at > entry.last_activity_at ? message.created_at : entry.last_activity_at,
    last_message: {
      kind: message.kind,
      preview: message.kind === 'text' ? message.body : null,
      gift: message.gift,
      is_mine: message.is_mine,
      created_at: message.created_at,
    },
    num_unread_messages: countsUnread ? entry.num_unread_messages + 1 : entry.num_unread_messages,
    version,
  };
  return {
    ...held,
    chats: sortChats(held.chats.map((item) => (item === entry ? updated : item))),
    version: step === 'next' ? version : held.version,
  };
}

/** The member read a conversation up to `seq` (here or on another device). */
export function applyOwnReadToList(held: ChatsList, conversationId: number, seq: number, version: number): ChatsList {
  const step = versionStep(held, version);
  const chats = held.chats.map((entry) =>
    entry.conversation.id === conversationId && seq >= entry.last_seq && entry.num_unread_messages > 0
      ? { ...entry, num_unread_messages: 0, version: Math.max(entry.version, version) }
      : entry,
  );
  return { ...held, chats, version: step === 'next' ? version : held.version };
}

/** Marks a conversation read locally at once (opening it), before the server's answer or event. */
export function clearUnread(held: ChatsList, conversationId: number): ChatsList {
  const entry = held.chats.find((item) => item.conversation.id === conversationId);
  if (!entry || entry.num_unread_messages === 0) return held;
  return {
    ...held,
    chats: held.chats.map((item) => (item === entry ? { ...item, num_unread_messages: 0 } : item)),
    unread_total: Math.max(0, held.unread_total - entry.num_unread_messages),
  };
}

export function removeConversation(held: ChatsList, conversationId: number, version?: number): ChatsList {
  const entry = held.chats.find((item) => item.conversation.id === conversationId);
  const step = version === undefined ? 'stale' : versionStep(held, version);
  if (!entry) return step === 'next' ? { ...held, version: version! } : held;
  return {
    ...held,
    chats: held.chats.filter((item) => item !== entry),
    unread_total: Math.max(0, held.unread_total - entry.num_unread_messages),
    version: step === 'next' ? version! : held.version,
  };
}

// ---------------------------------------------------------------------------------------------
// Messages of one conversation
// ---------------------------------------------------------------------------------------------

/** Messages merged by id (the newer copy wins), in sequence order: a message is never shown twice. */
export function mergeMessages(held: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return held as ChatMessage[];
  const bySeq = new Map<number, ChatMessage>();
  for (const message of held) bySeq.set(message.seq, message);
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

const lastSeqOf = (data: ConversationData) => data.messages.at(-1)?.seq ?? 0;

/**
 * The newest page (opening a conversation again) merged with what is held: kept together when they meet, otherwise
 * the held messages are too old to join without a gap and the page replaces them.
 */
export function mergeNewestPage(held: ConversationData | undefined, page: ConversationData): ConversationData {
  if (!held || !page.conversation || held.conversation?.id !== page.conversation.id) return page;
  const first = page.messages[0];
  if (first && first.seq > lastSeqOf(held) + 1 && page.has_more) return page;
  return {
    ...page,
    conversation: {
      ...page.conversation,
      partner_read_seq: Math.max(page.conversation.partner_read_seq, held.conversation.partner_read_seq),
    },
    messages: mergeMessages(held.messages, page.messages),
    has_more: held.messages.length > 0 && (!first || held.messages[0]!.seq < first.seq) ? held.has_more : page.has_more,
    has_hidden_history: held.has_hidden_history || page.has_hidden_history,
  };
}

/** An older page (`before`) put in front. */
export function prependOlder(held: ConversationData, page: ConversationData): ConversationData {
  return {
    ...held,
    messages: mergeMessages(held.messages, page.messages),
    has_more: page.has_more,
    has_hidden_history: held.has_hidden_history || page.has_hidden_history,
  };
}

/** Messages after the last one held (a catch-up page, a socket event, the answer of a send). */
export function appendMessages(held: ConversationData, messages: readonly ChatMessage[]): ConversationData {
  if (messages.length === 0 || !held.conversation) return held;
  const merged = mergeMessages(held.messages, messages);
  const lastSeq = Math.max(held.conversation.last_seq, merged.at(-1)?.seq ?? 0);
  return { ...held, messages: merged, conversation: { ...held.conversation, last_seq: lastSeq } };
}

/** The partner read up to `seq`: read marks on own messages. */
export function applyPartnerRead(held: ConversationData, seq: number): ConversationData {
  if (!held.conversation || seq <= held.conversation.partner_read_seq) return held;
  return { ...held, conversation: { ...held.conversation, partner_read_seq: seq } };
}

/** The last sequence held, for `after=` catch-ups. */
export function lastHeldSeq(data: ConversationData): number {
  return Math.max(lastSeqOf(data), 0);
}
