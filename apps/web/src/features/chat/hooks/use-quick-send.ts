// Sending the quick message (components/quick-message.tsx): one client id for the message and its retries (stored and
// charged once), the member's new balance taken into the session, and the conversation list reloaded.
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@app/contracts';
import { userKeys } from '../../../lib/session/get-user.ts';
import { chatKeys } from '../api/get-chats.ts';
import { newClientId, sendMessage } from '../api/send-message.ts';
import { sendFailureOf } from '../lib/offline-resend.ts';

export function useQuickSend(partnerId: number) {
  const queryClient = useQueryClient();
  const [isSending, setIsSending] = useState(false);
  const [failure, setFailure] = useState<ReturnType<typeof sendFailureOf> | null>(null);
  const [conversationId, setConversationId] = useState<number | null>(null);
  // One client id for this message and its retries: stored and charged once.
  const clientId = useRef(newClientId());

  const send = async (text: string) => {
    setFailure(null);
    setIsSending(true);
    try {
      const result = await sendMessage({ to: partnerId, client_id: clientId.current, text: text.trim() });
      queryClient.setQueryData<User | null>(userKeys.all, (user) =>
        user ? { ...user, credits: result.credits } : user,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      setConversationId(result.conversation.id);
    } catch (error) {
      setFailure(sendFailureOf(error));
    } finally {
      setIsSending(false);
    }
  };

  return { isSending, failure, conversationId, send };
}
