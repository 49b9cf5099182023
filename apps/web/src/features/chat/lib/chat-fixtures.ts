// Chat answers for web tests: messages, list entries and conversations; override what a test is about.
import type { ChatEntry, ChatMessage, ChatResponse, ChatsResponse } from '@app/contracts';

export function buildMessage(overrides: Partial<ChatMessage> & Pick<ChatMessage, 'seq'>): ChatMessage {
  return {
    id: 1000 + overrides.seq,
    conversation_id: 1,
    client_id: null,
    sender_id: 80,
    is_mine: false,
    kind: 'text',
    body: `Message ${overrides.seq}`,
    photo: null,
    gift: null,
    created_at: new Date(Date.UTC(2025, 4, 1, 12, overrides.seq)).toISOString(),
    ...overrides,
  };
}

export function buildEntry(overrides: Partial<ChatEntry> & { id: number }): ChatEntry {
  const { id, ...rest } = overrides;
  return {
    conversation: { id },
    profile: { id: 80 + id, name: `Partner ${id}`, main_image: null, is_available: true },
    num_unread_messages: 0,
    last_message: {
      kind: 'text',
      preview: 'Hello',
      gift: null,
      is_mine: false,
      created_at: '2025-05-01T12:00:00.000Z',
    },
    last_seq: 3,
    last_activity_at: '2025-05-01T12:00:00.000Z',
    version: 1,
    ...rest,
  };
}

export function buildChats(overrides: Partial<ChatsResponse> = {}): ChatsResponse {
  return { chats: [], next_cursor: null, version: 0, removed: [], unread_total: 0, started_count: 0, ...overrides };
}

export function buildConversation(overrides: Partial<ChatResponse> = {}): ChatResponse {
  return {
    conversation: { id: 1, last_seq: 3, partner_read_seq: 0 },
    partner: { id: 81, name: 'Bea', main_image: null, is_fictional: false, is_confirmed: true, is_verified: false },
    messages: [],
    has_more: false,
    has_hidden_history: false,
    send_blocked_reason: null,
    prices: { text: 10, photo: 15, gift: 25 },
    max_length: 1000,
    can_send_photos: false,
    ...overrides,
  };
}
