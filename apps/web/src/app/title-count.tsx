// SPEC section 4: the page title's "(n) " and the app badge, new likes plus unread messages. Mounted once by the root
// shell, so the count stays while pages and layouts change (it used to live in the navigation, and vanished for seconds
// between pages and on the chat screens, which have none). It reads the cache; the navigation and chat screens poll.
import { useDocumentTitleCount } from '../components/document-title-count.ts';
import { useCachedUnreadTotal } from '../features/chat/index.ts';
import { useCachedNewLikes } from '../features/likes/index.ts';

export function TitleCount() {
  useDocumentTitleCount('likes', useCachedNewLikes());
  useDocumentTitleCount('messages', useCachedUnreadTotal());
  return null;
}
