// POST /api/chat-photo-view.php: the receiver chose to see a photo that arrived blurred (docs/safety.md); the answer
// is the original's signed URLs.
import { apiRequest } from '../../../lib/api-client.ts';

export const viewChatPhoto = (messageId: number) =>
  apiRequest('chat-photo-view.php', {
    method: 'POST',
    body: { message_id: messageId },
    response: 'chatPhotoViewResponseSchema',
  });
