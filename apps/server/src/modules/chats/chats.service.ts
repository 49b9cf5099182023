// The chat module's face for its routes and the modules that use it: one object over its use cases, each built in the
// composition root from what it uses (docs/chat.md): sending (send.service.ts) and delivering a committed send
// (send-delivery.service.ts), the conversation list (inbox.service.ts), opening a conversation
// (conversation.service.ts), read marks, removal, typing, chat photo access, and signup messages.
import type { ChatPhotoAccess } from './chat-photo-access.service.ts';
import type { HeldRelease } from './held-release.service.ts';
import type { ConversationRemoval } from './conversation-removal.service.ts';
import type { ConversationService } from './conversation.service.ts';
import type { InboxService } from './inbox.service.ts';
import type { ReadMarksService } from './read-marks.service.ts';
import type { SendDelivery } from './send-delivery.service.ts';
import type { SendService } from './send.service.ts';
import type { SignupDelivery } from './signup-delivery.service.ts';
import type { TypingService } from './typing.service.ts';

export type { ChatSite } from './chat-rules.ts';

export function createChatsService(parts: {
  sends: SendService;
  delivery: SendDelivery;
  inbox: InboxService;
  conversations: ConversationService;
  readMarks: ReadMarksService;
  removal: ConversationRemoval;
  typing: TypingService;
  photos: ChatPhotoAccess;
  signupMessages: SignupDelivery;
  heldSends: HeldRelease;
}) {
  const { sends, delivery, inbox, conversations, readMarks, removal, typing, photos, signupMessages } = parts;
  return {
    photoUrls: photos.photoUrls,
    send: sends.send,
    assertCanSendPhoto: sends.assertCanSendPhoto,
    deliverSent: delivery.deliverSent,
    listTag: inbox.listTag,
    list: inbox.list,
    inboxState: inbox.inboxState,
    open: conversations.open,
    hasConversation: conversations.hasConversation,
    markRead: readMarks.markRead,
    remove: removal.remove,
    hidePair: removal.hidePair,
    typing: typing.typing,
    findPhotoKeys: photos.findPhotoKeys,
    findViewablePhotoKeys: photos.findViewablePhotoKeys,
    deliverSignupMessages: signupMessages.deliverSignupMessages,
    /** A moderator's decision on a member's held sends (docs/safety.md, "Risk"). */
    decideHeldSends: parts.heldSends.decide,
  };
}
export type ChatsService = ReturnType<typeof createChatsService>;
