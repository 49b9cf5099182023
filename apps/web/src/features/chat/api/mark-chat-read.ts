// POST /api/chat-read.php: the member has seen the open conversation up to `seq` (a message arrived while it showed).
import { apiRequest } from '../../../lib/api-client.ts';

export const markChatRead = (body: { conversation: number; seq: number }) =>
  apiRequest('chat-read.php', { method: 'POST', body, response: 'chatReadResponseSchema' });
