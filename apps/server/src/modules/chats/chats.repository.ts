// The chat module's repository: the conversations and their messages (conversations.repository.ts), the
// conversation list's queries (chat-list.repository.ts) and the send statement (send-statement.ts), over one database.
import type { Database } from '../../db/client.ts';
import { createChatListRepository } from './chat-list.repository.ts';
import { createConversationsRepository } from './conversations.repository.ts';
import { createSendStatement } from './send-statement.ts';

export function createChatsRepository(db: Database) {
  return {
    ...createConversationsRepository(db),
    ...createChatListRepository(db),
    ...createSendStatement(db),
  };
}
export type ChatsRepository = ReturnType<typeof createChatsRepository>;
