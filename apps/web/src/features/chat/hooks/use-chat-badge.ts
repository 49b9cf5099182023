// The unread messages badge of the navigation (and of the chat screens, which have none): keeps the socket and the
// conversation list fresh and answers the unread total (the page title's count is the root's: app/title-count.tsx).
import { useChatsRefresh } from '../api/get-chats.ts';
import { useResendWhenOnline } from '../lib/offline-resend.ts';
import { useChatRealtime } from './use-chat-realtime.ts';

export function useChatBadge(): number {
  useChatRealtime();
  useResendWhenOnline();
  const { data } = useChatsRefresh();
  return data?.unread_total ?? 0;
}
