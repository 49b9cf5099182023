// Which chat photos arrive blurred for their receiver (docs/safety.md): a photo scored explicit, or not screened yet
// (or whose screening failed), from a sender the receiver's choice covers: everyone, members they have not matched
// with (the default), or nobody. The sender always sees their own photo; staff see every photo with its score.
import type { ChatPhotoBlurReason } from '@app/contracts';
import type { ChatPhotoBlur } from '../../db/schema/index.ts';
import type { Executor } from '../../db/client.ts';
import type { SafetyRepository } from './safety.repository.ts';

export const DEFAULT_CHAT_PHOTO_BLUR: ChatPhotoBlur = 'unmatched';

export function createChatPhotoBlur(deps: {
  repo: SafetyRepository;
  db: Executor;
  areMatched: (executor: Executor, a: number, b: number) => Promise<boolean>;
  now: () => Date;
}) {
  const { repo } = deps;

  async function choiceOf(userId: number): Promise<ChatPhotoBlur> {
    return (await repo.findSettings(userId, deps.db))?.chatPhotoBlur ?? DEFAULT_CHAT_PHOTO_BLUR;
  }

  return {
    choiceOf,

    async setChoice(userId: number, choice: ChatPhotoBlur): Promise<void> {
      await repo.saveChatPhotoBlur(userId, choice, deps.now(), deps.db);
    },

    /**
     * The photo messages of one conversation page that the viewer receives blurred, with the reason: one read of the
     * viewer's choice, one of the match when it matters, one of the page's screenings.
     */
    async blurredFor(
      viewer: { userId: number; profileId: number },
      partnerProfileId: number,
      photoMessages: { id: number; senderProfileId: number | null }[],
    ): Promise<Map<number, ChatPhotoBlurReason>> {
      const received = photoMessages.filter((message) => message.senderProfileId !== viewer.profileId);
      const blurred = new Map<number, ChatPhotoBlurReason>();
      if (received.length === 0) return blurred;
      const choice = await choiceOf(viewer.userId);
      if (choice === 'never') return blurred;
      if (choice === 'unmatched' && (await deps.areMatched(deps.db, viewer.profileId, partnerProfileId)))
        return blurred;
      const screenings = new Map(
        (
          await repo.listChatScreenings(
            received.map((message) => message.id),
            deps.db,
          )
        ).map((row) => [row.messageId, row]),
      );
      for (const message of received) {
        const screening = screenings.get(message.id);
        if (!screening || screening.status === 'failed') blurred.set(message.id, 'checking');
        else if (screening.isExplicit) blurred.set(message.id, 'explicit');
      }
      return blurred;
    },

    /** True the first time a member sends a chat photo: they are told that explicit photos arrive blurred. */
    takeSenderNotice(userId: number): Promise<boolean> {
      return repo.markBlurNotice(userId, deps.now(), deps.db);
    },
  };
}
export type ChatPhotoBlurService = ReturnType<typeof createChatPhotoBlur>;
