// Sending: POST /api/message.php (a text or a gift) and POST /api/message-photo.php (a photo, multipart).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_MAX_MEGABYTES, sendMessageRequestSchema, sendMessageResponseSchema } from '@app/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/http-errors.ts';
import { rateLimitHooks } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { errorResponses } from '../member-core/index.ts';
import type { ProcessedChatPhoto } from './chat-photos.service.ts';

const TAGS = ['chat'];
/** Sends per member per minute, and per address (several members behind one address share it, so it is wider). */
export const SEND_LIMIT_PER_MEMBER = 30;
export const SEND_LIMIT_PER_IP = 120;
const photoTooLarge = () => new AppError(413, 'photo_too_large', { max_mb: PHOTO_MAX_MEGABYTES });
const photoBodySchema = z.unknown().meta({
  type: 'object',
  properties: { to: { type: 'string' }, client_id: { type: 'string' }, photo: { type: 'string', format: 'binary' } },
  required: ['to', 'client_id', 'photo'],
});

/** The send routes; multipart is registered by chatsRoutes (chats.routes.ts) for every chat route. */
export const sendRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chats, chatPhotos, viewers } = app.services;
  // Sends reach another member: refused (403 activation_required, no charge) until the address is confirmed
  // (docs/unconfirmed-members.md); checked before the rate limits so a refusal uses none of them. The limits per
  // member and per address are checked together, in one Redis round trip (both count every attempt).
  const sendLimits = [
    app.requireConfirmedMember,
    rateLimitHooks(app, [
      { name: 'message', max: SEND_LIMIT_PER_MEMBER, timeWindow: '1 minute', key: memberRateKey },
      { name: 'message-ip', max: SEND_LIMIT_PER_IP, timeWindow: '1 minute' },
    ]),
  ];

  app.post(
    '/message.php',
    {
      preValidation: [app.requireMember],
      preHandler: sendLimits,
      schema: {
        tags: TAGS,
        summary:
          'Send a text or a gift to a member (starts the conversation); costs message_credits or gift_credits; the same client_id is stored and charged once',
        body: sendMessageRequestSchema,
        response: { 200: sendMessageResponseSchema, 402: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      const { to, client_id: clientId, text, gift } = request.body;
      const input =
        text !== undefined
          ? { kind: 'text' as const, clientId, text }
          : { kind: 'gift' as const, clientId, gift: gift! };
      return (await chats.send(viewer, request.site, to, input)).response;
    },
  );

  app.post(
    '/message-photo.php',
    {
      preValidation: [app.requireMember],
      preHandler: sendLimits,
      schema: {
        tags: TAGS,
        summary: `Send a photo (premium): multipart/form-data with fields "to", "client_id" and file "photo" (JPEG, PNG, WebP; at most ${PHOTO_MAX_MEGABYTES} MB); costs photo_credits`,
        body: photoBodySchema,
        consumes: ['multipart/form-data'],
        response: { 200: sendMessageResponseSchema, 402: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      if (!request.isMultipart()) throw new AppError(400, 'message_attachment_invalid');
      let processed: ProcessedChatPhoto | undefined;
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'photo' || processed) throw new AppError(400, 'message_attachment_invalid');
            processed = await chatPhotos.process(viewer, { ...fields }, () => part.toBuffer());
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw photoTooLarge();
        if (
          error instanceof app.multipartErrors.PartsLimitError ||
          error instanceof app.multipartErrors.FieldsLimitError
        )
          throw new AppError(413, 'payload_too_large');
        throw error;
      }
      return chatPhotos.send(viewer, request.site, fields, processed);
    },
  );
};
