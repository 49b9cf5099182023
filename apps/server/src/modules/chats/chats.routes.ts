// Chat endpoints: GET /api/chats.php, GET / DELETE /api/chat.php, POST /api/message.php and /api/message-photo.php,
// POST /api/chat-read.php, GET /api/chat-photo.php (signed URLs), and the member socket (CHAT_SOCKET_PATH).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_MAX_BYTES } from '@app/contracts';
import { chatPhotoRoutes } from './chat-photo.routes.ts';
import { chatSocketRoutes } from './chat-socket.routes.ts';
import { conversationRoutes } from './conversation.routes.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { sendRoutes } from './send.routes.ts';

/** Every chat route, by area: the list, one conversation, sending, photo files, the socket. */
export const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, parts: 6 } });
  await app.register(inboxRoutes);
  await app.register(conversationRoutes);
  await app.register(sendRoutes);
  await app.register(chatPhotoRoutes);
  await app.register(chatSocketRoutes);
};
