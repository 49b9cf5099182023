// Sending a photo in a chat (docs/chat.md), as profile photos are uploaded (photos.upload): the checks that need no
// pixels before the file is read, the decode within this instance's photo slots, the files stored before the message,
// removed again when the send fails or replays one already stored. The route only reads the multipart request.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sendPhotoFieldsSchema } from '@app/contracts';
import { blurredJpeg, blurredKeyOf } from '../../lib/blurred-image.ts';
import { AppError } from '../../lib/http-errors.ts';
import { newPhotoKeys, type FileStorage } from '../../plugins/storage/index.ts';
import type { PhotosService } from '../photos/index.ts';
import type { ChatPhotoAccess } from './chat-photo-access.service.ts';
import type { ChatSender as Sender, ChatSite } from './chat-rules.ts';
import type { SendService } from './send.service.ts';

export type ProcessedChatPhoto = Awaited<ReturnType<PhotosService['processUpload']>>;

/** Whether a stored file holds exactly `expected` (a replayed photo send compared with the first one). */
async function hasSameBytes(stream: Readable, expected: Buffer): Promise<boolean> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest().equals(createHash('sha256').update(expected).digest());
}

export function createChatPhotosService(deps: {
  chats: Pick<SendService, 'assertCanSendPhoto' | 'send'> & Pick<ChatPhotoAccess, 'findPhotoKeys'>;
  photos: Pick<PhotosService, 'processUpload'>;
  storage: Pick<FileStorage, 'write' | 'remove' | 'read'>;
  /** True the first time this member sends a photo: the answer tells them explicit photos arrive blurred. */
  takeBlurNotice: (userId: number) => Promise<boolean>;
}) {
  const { chats, storage } = deps;
  return {
    /**
     * The photo of a send, read and decoded: first the rules that need no pixels on the fields sent before the file (a
     * send that cannot succeed never costs a decode), then `read` once a photo slot of this instance is free
     * (docs/storage.md: a burst of large uploads waits with its bodies unread). An undecodable file is the message's
     * attachment error.
     */
    async process(sender: Sender, fieldsBefore: Record<string, string>, read: () => Promise<Buffer>) {
      const parsedEarly = sendPhotoFieldsSchema.safeParse(fieldsBefore);
      if (!parsedEarly.success) throw new AppError(400, 'validation_failed');
      await chats.assertCanSendPhoto(sender, parsedEarly.data.to);
      try {
        return await deps.photos.processUpload(read);
      } catch (error) {
        if (error instanceof AppError && (error.code === 'photo_invalid' || error.code === 'photo_type_unsupported'))
          throw new AppError(error.statusCode, 'message_attachment_invalid');
        throw error;
      }
    },

    /**
     * Stores the processed photo and sends it (photo_credits). A retried upload answers the photo stored the first
     * time and this copy goes; the same client id with another photo is refused (the same image re-encodes to the same
     * bytes; nothing was charged for it). A failed send removes the files.
     */
    async send(
      sender: Sender,
      site: ChatSite,
      fields: Record<string, string>,
      processed: ProcessedChatPhoto | undefined,
    ) {
      const parsed = sendPhotoFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new AppError(400, 'validation_failed');
      if (!processed) throw new AppError(400, 'message_attachment_invalid');
      const keys = newPhotoKeys(true);
      // The blurred copy a receiver may get instead (docs/safety.md), made now so it is there before the screening.
      const blurKey = blurredKeyOf(keys.fileKey);
      await Promise.all([
        storage.write(keys.fileKey, processed.full),
        storage.write(keys.thumbKey, processed.thumb),
        blurredJpeg(processed.thumb).then((blurred) => storage.write(blurKey, blurred)),
      ]);
      const removeFiles = () =>
        Promise.all([storage.remove(keys.fileKey), storage.remove(keys.thumbKey), storage.remove(blurKey)]);
      try {
        const result = await chats.send(sender, site, parsed.data.to, {
          kind: 'photo',
          clientId: parsed.data.client_id,
          photo: { ...keys, width: processed.width, height: processed.height },
        });
        if (result.isReplay) {
          await removeFiles();
          const stored = await chats.findPhotoKeys(result.response.message.id);
          const storedFile = stored && (await storage.read(stored.fileKey));
          if (!storedFile || !(await hasSameBytes(storedFile.body, processed.full)))
            throw new AppError(409, 'client_id_reused');
        }
        if (result.isReplay) return result.response;
        return { ...result.response, blur_notice: await deps.takeBlurNotice(sender.userId) };
      } catch (error) {
        // A held send keeps its files: a moderator's clearing sends them (docs/safety.md, "Risk").
        if (!(error instanceof AppError && error.code === 'message_held')) await removeFiles();
        throw error;
      }
    },
  };
}
export type ChatPhotosService = ReturnType<typeof createChatPhotosService>;
