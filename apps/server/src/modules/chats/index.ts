// Public entry of the chat module: the service and repository factories for the composition root.
export { createChatsRepository, type ChatsRepository } from './chats.repository.ts';
export { createChatsService, type ChatsService, type ChatSite } from './chats.service.ts';
// Each use case of the chat, built in the composition root from what it uses; createChatsService is their face.
export { createSendService } from './send.service.ts';
export { createSendDelivery } from './send-delivery.service.ts';
export { createInboxService } from './inbox.service.ts';
export { createConversationService } from './conversation.service.ts';
export { createReadMarksService } from './read-marks.service.ts';
export { createConversationRemoval } from './conversation-removal.service.ts';
export { createTypingService } from './typing.service.ts';
export { createChatPhotoAccess } from './chat-photo-access.service.ts';
export { createSignupDelivery } from './signup-delivery.service.ts';
export { createChatPhotoUrls, type ChatPhotoUrls } from './chat-photo-urls.ts';
export { createChatPhotosService, type ChatPhotosService } from './chat-photos.service.ts';
export { insertPendingMessage } from './pending-messages.ts';
export {
  countMessagesByDay,
  findMessagePhotoKeys,
  findStaffMessage,
  listLastMessagesBetween,
} from './message-staff-reads.ts';
export type { PhotoBlur } from './message-view.ts';
export { createHeldRelease, type HeldRelease } from './held-release.service.ts';
export type { SendHold } from './send.service.ts';
export { countHeldMessages } from './held-staff-reads.ts';
