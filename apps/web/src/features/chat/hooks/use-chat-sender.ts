// Sending in a conversation: the message shows at once as pending, the server's message replaces it; a failure marks it
// failed with the server's (translated) reason, and a retry sends it again under the same client id (stored once). A
// send without a network waits as "offline" and goes by itself when the browser is back (lib/offline-resend.ts).
import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GiftKey, SendMessageResponse, User } from '@app/contracts';
import { showMemberNotice } from '../../../lib/member-notice-store.ts';
import { userKeys, useUser } from '../../../lib/session/get-user.ts';
import { catchUpChatList, chatKeys } from '../api/get-chats.ts';
import { newClientId } from '../api/send-message.ts';
import { isOfflineFailure, sendFailureOf, sendPending } from '../lib/offline-resend.ts';
import { appendMessages, type ChatsList, type ConversationData } from '../lib/chats-cache.ts';
import {
  addPending,
  getPending,
  removePending,
  showChatAlert,
  updatePending,
  type PendingMessage,
} from '../lib/chat-store.ts';
import { i18next } from '../../../lib/i18n.ts';

export type SendInput =
  { kind: 'text'; text: string } | { kind: 'gift'; gift: GiftKey } | { kind: 'photo'; file: File };

type Options = {
  partnerId: number;
  /** What the conversation screen shows (by-profile answer for a conversation not started yet). */
  base: ConversationData;
  /** A first send started the conversation: the screen moves to /chats/{id}. */
  onStarted?: (conversationId: number) => void;
};

/** The server's message into the conversation's cache (started here if it was not), the balance into the session. */
function storeSent(
  queryClient: QueryClient,
  base: ConversationData,
  result: SendMessageResponse,
  pending: PendingMessage,
) {
  const conversationId = result.conversation.id;
  const key = chatKeys.conversation(conversationId);
  const held = queryClient.getQueryData<ConversationData>(key);
  if (held?.conversation) {
    queryClient.setQueryData(key, appendMessages(held, [result.message]));
  } else {
    queryClient.setQueryData<ConversationData>(key, {
      ...base,
      conversation: { id: conversationId, last_seq: result.message.seq, partner_read_seq: 0 },
      messages: [result.message],
      send_blocked_reason: null,
    });
  }
  queryClient.setQueryData<User | null>(userKeys.all, (user) => (user ? { ...user, credits: result.credits } : user));
  removePending(pending.partner_id, pending.client_id);
  const list = queryClient.getQueryData<ChatsList>(chatKeys.list());
  if (list && !list.chats.some((entry) => entry.conversation.id === conversationId))
    void catchUpChatList(queryClient).catch(() => undefined);
}

/** A send that did not go: kept as offline, said as activation required, or marked failed with the server's reason. */
function markUnsent(queryClient: QueryClient, pending: PendingMessage, error: unknown) {
  // No network: kept as "offline" and sent by itself when the browser is back (lib/offline-resend.ts).
  if (isOfflineFailure(error)) {
    updatePending(pending.partner_id, pending.client_id, { status: 'offline', error: undefined });
    return;
  }
  const failure = sendFailureOf(error);
  // The session's status was older than the server's: the address still needs confirming, said as before sending.
  if (failure.code === 'activation_required') {
    removePending(pending.partner_id, pending.client_id);
    showMemberNotice({ kind: 'activation', action: pending.kind === 'gift' ? 'gift' : 'message' });
    return;
  }
  updatePending(pending.partner_id, pending.client_id, { status: 'failed', error: failure });
  // Banned or suspended since the screen loaded: reloading the conversation shows the note instead of the composer.
  if (failure.code === 'member_unavailable') void queryClient.invalidateQueries({ queryKey: chatKeys.all });
}

/** The pending message of a send, shown at once until the server's message replaces it. */
function pendingOf(partnerId: number, input: SendInput): PendingMessage {
  return {
    client_id: newClientId(),
    partner_id: partnerId,
    kind: input.kind,
    created_at: new Date().toISOString(),
    status: 'sending',
    ...(input.kind === 'text' ? { text: input.text } : {}),
    ...(input.kind === 'gift' ? { gift: input.gift } : {}),
    ...(input.kind === 'photo' ? { file: input.file, preview_url: URL.createObjectURL(input.file) } : {}),
  };
}

export function useChatSender({ partnerId, base, onStarted }: Options) {
  const queryClient = useQueryClient();
  const { data: user } = useUser();

  const deliver = useCallback(
    (result: SendMessageResponse, pending: PendingMessage) => {
      storeSent(queryClient, base, result, pending);
      if (!base.conversation) onStarted?.(result.conversation.id);
      // The member's first photo: said once (docs/safety.md).
      if (result.blur_notice) showChatAlert(i18next.t('chat:message.blurNotice'), 'info');
    },
    [queryClient, base, onStarted],
  );

  const run = useCallback(
    async (pending: PendingMessage) => {
      try {
        deliver(await sendPending(pending), pending);
      } catch (error) {
        markUnsent(queryClient, pending, error);
      }
    },
    [deliver, queryClient],
  );

  const send = useCallback(
    (input: SendInput) => {
      // The server refuses it too (activation_required, docs/unconfirmed-members.md): say so before sending anything.
      if (user?.status === 'not_confirmed') {
        showMemberNotice({ kind: 'activation', action: input.kind === 'gift' ? 'gift' : 'message' });
        return;
      }
      const pending = pendingOf(partnerId, input);
      // Known to be offline: kept for later at once, not tried and failed.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        addPending({ ...pending, status: 'offline' });
        return;
      }
      addPending(pending);
      void run(pending);
    },
    [partnerId, run, user?.status],
  );

  /** The same send again, under the same client id. */
  const retry = useCallback(
    (clientId: string) => {
      const pending = getPending(partnerId, clientId);
      if (!pending || pending.status === 'sending') return;
      updatePending(partnerId, clientId, { status: 'sending', error: undefined });
      void run({ ...pending, status: 'sending', error: undefined });
    },
    [partnerId, run],
  );

  const discard = useCallback((clientId: string) => removePending(partnerId, clientId), [partnerId]);

  return { send, retry, discard };
}
