// A signup message waits here until its sender's account is activated (chats owns `pending_messages`; the chat
// delivers them as the first message of their conversation, `deliverSignupMessages`).
import type { Executor } from '../../db/client.ts';
import { pendingMessages } from '../../db/schema/index.ts';

/** Keeps a message written at signup, in the signup's transaction. */
export async function insertPendingMessage(
  executor: Executor,
  values: { userId: number; targetProfileId: number; body: string },
): Promise<void> {
  await executor.insert(pendingMessages).values(values);
}
