// A moderator's decision on a member's held sends (docs/safety.md, "Risk"): cleared, each is sent in order as the
// member sent it (charged then, once: its client id makes a repeated decision a replay); refused, each is dropped
// (with its photo's files) and nothing is charged. A send that fails now (no credits left, the partner gone) is
// refused with the credits untouched.
import type { Executor } from '../../db/client.ts';
import type { FileStorage } from '../../plugins/storage/index.ts';
import { blurredKeyOf } from '../../lib/blurred-image.ts';
import type { ChatSender, ChatSite } from './chat-rules.ts';
import { listHeldMessages, takeHeldMessage } from './held-messages.ts';
import type { SendInput, SendService } from './send.service.ts';

export function createHeldRelease(deps: {
  db: Executor;
  sends: Pick<SendService, 'send'>;
  storage: Pick<FileStorage, 'remove'>;
}) {
  const removePhoto = async (input: Record<string, unknown>) => {
    const photo = input.photo as { fileKey?: string; thumbKey?: string } | undefined;
    if (!photo?.fileKey || !photo.thumbKey) return;
    await Promise.all([
      deps.storage.remove(photo.fileKey),
      deps.storage.remove(photo.thumbKey),
      deps.storage.remove(blurredKeyOf(photo.fileKey)),
    ]);
  };

  return {
    /** Sends (`deliver`) or drops every held send of the member, oldest first. */
    async decide(
      sender: ChatSender,
      site: ChatSite,
      deliver: boolean,
    ): Promise<{ delivered: number; refused: number }> {
      let delivered = 0;
      let refused = 0;
      for (const row of await listHeldMessages(deps.db, sender.profileId)) {
        let isSent = false;
        if (deliver) {
          try {
            const input = { ...row.input, clientId: row.clientId } as SendInput;
            await deps.sends.send(sender, site, row.partnerProfileId, input, { isReleased: true });
            isSent = true;
          } catch {
            isSent = false;
          }
        }
        if (!(await takeHeldMessage(deps.db, row.id))) continue;
        if (isSent) delivered += 1;
        else {
          refused += 1;
          await removePhoto(row.input);
        }
      }
      return { delivered, refused };
    },
  };
}
export type HeldRelease = ReturnType<typeof createHeldRelease>;
