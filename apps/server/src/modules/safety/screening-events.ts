// Where screening starts (docs/safety.md): after the upload committed, from the outbox events of a stored profile
// photo or selfie (`photo.added`) and of a sent chat photo (`chat.sent`), a screening job is queued in the
// acknowledging transaction: once per photo however often the event is delivered.
import type { Outbox } from '../../plugins/outbox/index.ts';
import type { Executor } from '../../db/client.ts';
import type { ScreenPhotoJob } from './screening.service.ts';

export function consumeScreeningEvents(
  outbox: Pick<Outbox, 'consume'>,
  queue: (job: ScreenPhotoJob, tx: Executor) => Promise<unknown>,
): () => void {
  const stops = [
    outbox.consume('photo.added', async (event, { tx }) => {
      await queue(event, tx);
    }),
    outbox.consume('chat.sent', async (event, { tx }) => {
      const message = event.message;
      if (message.kind !== 'photo' || typeof message.photo_key !== 'string') return;
      await queue(
        {
          source: 'chat',
          id: Number(message.id),
          key: message.photo_key,
          conversationId: Number(message.conversation_id),
          profileIds: [event.senderProfileId, event.partnerProfileId],
        },
        tx,
      );
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
