// Messages written while offline (docs/chat.md, "Offline"): kept with their client id, marked "offline", and sent by
// themselves once the browser is back online or the socket is live again; the server stores and charges a client id
// once, so a send that did reach it before the network went is never paid twice.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SendMessageResponse, User } from '@app/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { i18next } from '../../../lib/i18n.ts';
import { useSocketState } from '../../../lib/socket-client.ts';
import { userKeys } from '../../../lib/session/get-user.ts';
import { chatKeys } from '../api/get-chats.ts';
import { sendMessage, sendPhotoMessage } from '../api/send-message.ts';
import { appendMessages, type ConversationData } from './chats-cache.ts';
import { removePending, takeOfflinePending, updatePending, type PendingMessage } from './chat-store.ts';

/** The send of a pending message, under its client id. */
export function sendPending(pending: PendingMessage): Promise<SendMessageResponse> {
  if (pending.kind === 'photo' && pending.file)
    return sendPhotoMessage({ to: pending.partner_id, client_id: pending.client_id, file: pending.file });
  return sendMessage(
    pending.kind === 'gift' && pending.gift
      ? { to: pending.partner_id, client_id: pending.client_id, gift: pending.gift }
      : { to: pending.partner_id, client_id: pending.client_id, text: pending.text ?? '' },
  );
}

/** Why a send failed, as the pending message and SendErrorAlert keep it: the server's reason, or the generic one. */
export function sendFailureOf(error: unknown): NonNullable<PendingMessage['error']> {
  return error instanceof ApiError
    ? { code: error.code, message: error.message, params: error.body?.error?.params }
    : { code: 'error_generic', message: i18next.t('errors:error_generic') };
}

/** The send never reached an answer for want of a network (not a refusal, which has its reason). */
export function isOfflineFailure(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  return error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

async function resend(queryClient: QueryClient, pending: PendingMessage): Promise<void> {
  try {
    const result = await sendPending(pending);
    removePending(pending.partner_id, pending.client_id);
    queryClient.setQueryData<User | null>(userKeys.all, (user) => (user ? { ...user, credits: result.credits } : user));
    const key = chatKeys.conversation(result.conversation.id);
    const held = queryClient.getQueryData<ConversationData>(key);
    if (held?.conversation) queryClient.setQueryData(key, appendMessages(held, [result.message]));
    // A first message started the conversation, or it is not held: what shows it asks again.
    else void queryClient.invalidateQueries({ queryKey: chatKeys.all });
  } catch (error) {
    if (isOfflineFailure(error)) {
      updatePending(pending.partner_id, pending.client_id, { status: 'offline' });
      return;
    }
    updatePending(pending.partner_id, pending.client_id, { status: 'failed', error: sendFailureOf(error) });
  }
}

/** Sends what waited for the network, once; mounted with the chat's realtime (every member screen). */
export function useResendWhenOnline(): void {
  const queryClient = useQueryClient();
  const socketState = useSocketState();
  useEffect(() => {
    const flush = () => {
      for (const pending of takeOfflinePending()) void resend(queryClient, pending);
    };
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [queryClient]);
  // The socket live again is the surest sign the network is back (an `online` event may have come before the route).
  useEffect(() => {
    if (socketState !== 'live') return;
    for (const pending of takeOfflinePending()) void resend(queryClient, pending);
  }, [socketState, queryClient]);
}
