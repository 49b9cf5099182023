// DELETE /api/chat.php { conversation }: SPEC section 4, the conversation leaves the list at once; a failure alerts the
// error and reloads the list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { removeConversation, type ChatsList } from '../lib/chats-cache.ts';
import { showChatAlert } from '../lib/chat-store.ts';
import { chatKeys } from './get-chats.ts';

export const deleteChat = (conversation: number) =>
  apiRequest('chat.php', { method: 'DELETE', body: { conversation }, response: 'deleteChatResponseSchema' });

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onMutate: async (conversation: number) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.list() });
      const list = queryClient.getQueryData<ChatsList>(chatKeys.list());
      if (list) queryClient.setQueryData(chatKeys.list(), removeConversation(list, conversation));
    },
    onSuccess: (_result, conversation) => queryClient.removeQueries({ queryKey: chatKeys.conversation(conversation) }),
    onError: (error) => {
      showChatAlert(error instanceof ApiError ? error.message : null);
      return queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}
