// Public entry of the chat module: the service and repository factories for the composition root.
export { createChatsRepository, type ChatsRepository } from './chats.repository.ts';
export { createChatsService, type ChatsService, type ChatSite } from './chats.service.ts';
export { createChatPhotoUrls, type ChatPhotoUrls } from './chat-photo-urls.ts';
export { createChatPhotosService, type ChatPhotosService } from './chat-photos.service.ts';
export { insertPendingMessage } from './pending-messages.ts';
