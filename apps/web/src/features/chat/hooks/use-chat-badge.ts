// The unread messages badge of the navigation (and of the chat screens, which have none): keeps the socket and the
// conversation list fresh, adds the unread total to the page title and the app badge, and answers it.
import { useDocumentTitleCount } from '../../../components/document-title-count.ts';
import { useChatsRefresh } from '../api/get-chats.ts';
import { useChatRealtime } from './use-chat-realtime.ts';

export function useChatBadge(): number {
  useChatRealtime();
  const { data } = useChatsRefresh();
  const unread = data?.unread_total ?? 0;
  useDocumentTitleCount('messages', unread);
  return unread;
}
