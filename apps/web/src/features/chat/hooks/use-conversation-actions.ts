// What the conversation screen does besides sending: typing events (throttled) and loading older messages.
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { loadOlderMessages } from '../api/get-chat.ts';
import { sendSocketEvent } from '../../../lib/socket-client.ts';

/** Typing events go out at most this often while the member types. */
export const TYPING_THROTTLE_MS = 2000;

/** Tells the partner the member is typing: at most once per TYPING_THROTTLE_MS, only in a started conversation. */
export function useTypingSender(conversationId: number | null) {
  const lastTypingSent = useRef(0);
  return useCallback(() => {
    if (conversationId === null) return;
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_THROTTLE_MS) return;
    if (sendSocketEvent({ type: 'typing', conversation_id: conversationId })) lastTypingSent.current = now;
  }, [conversationId]);
}

/** Loads the page of messages before the oldest shown, one page at a time. */
export function useOlderMessages(conversationId: number | null) {
  const queryClient = useQueryClient();
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = useCallback(() => {
    if (conversationId === null || isLoadingOlder) return;
    setLoadingOlder(true);
    loadOlderMessages(queryClient, conversationId)
      .catch(() => undefined)
      .finally(() => setLoadingOlder(false));
  }, [conversationId, isLoadingOlder, queryClient]);
  return { isLoadingOlder, loadOlder };
}
