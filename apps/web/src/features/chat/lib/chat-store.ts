// The chat's client state (SPEC section 3 "Chat store"): messages being sent, who is typing, which conversation is
// open, and the last conversation opened. Server data (the list, the messages) lives in TanStack Query.
import { create } from 'zustand';
import type { GiftKey } from '@app/contracts';

export type PendingMessage = {
  /** Kept across retries of this send, so the server stores and charges it once. */
  client_id: string;
  partner_id: number;
  kind: 'text' | 'gift' | 'photo';
  text?: string;
  gift?: GiftKey;
  file?: File;
  /** A local preview of a photo being sent. */
  preview_url?: string;
  created_at: string;
  /** `offline`: not sent for want of a network; sent by itself when the browser is back online (lib/offline-resend.ts). */
  status: 'sending' | 'failed' | 'offline';
  /** The server's translated message (or a generic one) when it failed. */
  error?: { code: string; message: string; params?: Record<string, unknown> };
};

type ChatState = {
  /** Sends not yet answered, or failed, by partner profile id (a first message has no conversation yet). */
  pending: Record<number, PendingMessage[]>;
  /** conversation id -> when the partner's last typing event arrived (ms). */
  typingAt: Record<number, number>;
  /** The conversation on screen (its new messages are read at once, not counted unread). */
  openConversationId: number | null;
  last_chat_opened_profile: number | null;
  last_chat_opened_date: string | null;
  /** An alert on the chat screen (a failed deletion, SPEC section 8; null text means the generic error), or a notice. */
  alert: { message: string | null; variant: 'danger' | 'info' } | null;
};

export const useChatStore = create<ChatState>()(() => ({
  pending: {},
  typingAt: {},
  openConversationId: null,
  last_chat_opened_profile: null,
  last_chat_opened_date: null,
  alert: null,
}));

/** An alert above the conversation: a failure (`danger`, the default) or something the member should know (`info`). */
export function showChatAlert(message: string | null, variant: 'danger' | 'info' = 'danger'): void {
  useChatStore.setState({ alert: { message, variant } });
}

export function dismissChatAlert(): void {
  useChatStore.setState({ alert: null });
}

export function addPending(message: PendingMessage): void {
  useChatStore.setState((state) => ({
    pending: {
      ...state.pending,
      [message.partner_id]: [
        ...(state.pending[message.partner_id] ?? []).filter((item) => item.client_id !== message.client_id),
        message,
      ],
    },
  }));
}

export function updatePending(partnerId: number, clientId: string, change: Partial<PendingMessage>): void {
  useChatStore.setState((state) => ({
    pending: {
      ...state.pending,
      [partnerId]: (state.pending[partnerId] ?? []).map((item) =>
        item.client_id === clientId ? { ...item, ...change } : item,
      ),
    },
  }));
}

export function removePending(partnerId: number, clientId: string): void {
  const item = useChatStore.getState().pending[partnerId]?.find((entry) => entry.client_id === clientId);
  if (item?.preview_url) URL.revokeObjectURL(item.preview_url);
  useChatStore.setState((state) => ({
    pending: {
      ...state.pending,
      [partnerId]: (state.pending[partnerId] ?? []).filter((entry) => entry.client_id !== clientId),
    },
  }));
}

export function getPending(partnerId: number, clientId: string): PendingMessage | undefined {
  return useChatStore.getState().pending[partnerId]?.find((item) => item.client_id === clientId);
}

export function markTyping(conversationId: number, at: number = Date.now()): void {
  useChatStore.setState((state) => ({ typingAt: { ...state.typingAt, [conversationId]: at } }));
}

export function clearTyping(conversationId: number): void {
  if (!(conversationId in useChatStore.getState().typingAt)) return;
  useChatStore.setState((state) => {
    const { [conversationId]: _cleared, ...rest } = state.typingAt;
    return { typingAt: rest };
  });
}

export function setOpenConversation(conversationId: number | null): void {
  useChatStore.setState({ openConversationId: conversationId });
}

export function getOpenConversation(): number | null {
  return useChatStore.getState().openConversationId;
}

/** SPEC section 3: the last conversation the member opened, and when. */
export function rememberChatOpened(profileId: number, now: Date = new Date()): void {
  useChatStore.setState({ last_chat_opened_profile: profileId, last_chat_opened_date: now.toISOString() });
}

/** A logout or a block: nothing of the previous state stays. */
export function forgetPartner(partnerId: number): void {
  useChatStore.setState((state) => {
    const { [partnerId]: _gone, ...pending } = state.pending;
    return { pending };
  });
}

export function resetChatStore(): void {
  useChatStore.setState({
    pending: {},
    typingAt: {},
    openConversationId: null,
    last_chat_opened_profile: null,
    last_chat_opened_date: null,
    alert: null,
  });
}

/** Every send waiting for the network, of any conversation, marked as being sent again. */
export function takeOfflinePending(): PendingMessage[] {
  const waiting = Object.values(useChatStore.getState().pending)
    .flat()
    .filter((item) => item.status === 'offline');
  for (const item of waiting) updatePending(item.partner_id, item.client_id, { status: 'sending', error: undefined });
  return waiting.map((item) => ({ ...item, status: 'sending' as const, error: undefined }));
}
