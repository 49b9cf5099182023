// A conversation on screen: remembered as opened, known as the open one (its messages are read as they arrive), and
// read again when the member comes back to the tab with unread messages in it.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatsList } from '../lib/chats-cache.ts';
import { chatKeys } from '../api/get-chats.ts';
import { readOpenConversation } from './use-chat-realtime.ts';
import { rememberChatOpened, setOpenConversation } from '../lib/chat-store.ts';
import { useViewingConversation } from './use-viewing-conversation.ts';

export function useOpenConversation(partnerId: number, conversationId: number | null, lastSeq: number) {
  const queryClient = useQueryClient();

  useEffect(() => {
    rememberChatOpened(partnerId);
  }, [partnerId]);

  useEffect(() => {
    setOpenConversation(conversationId);
    return () => setOpenConversation(null);
  }, [conversationId]);
  useViewingConversation(conversationId);

  // Coming back to the tab reads what arrived meanwhile.
  useEffect(() => {
    if (conversationId === null) return;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const list = queryClient.getQueryData<ChatsList>(chatKeys.list());
      const entry = list?.chats.find((item) => item.conversation.id === conversationId);
      if (entry && entry.num_unread_messages > 0)
        void readOpenConversation(queryClient, conversationId, Math.max(lastSeq, entry.last_seq));
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [conversationId, lastSeq, queryClient]);
}
