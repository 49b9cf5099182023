// Chat endpoints: GET /api/chats.php, GET / DELETE /api/chat.php, POST /api/message.php and /api/message-photo.php,
// POST /api/chat-read.php, GET /api/chat-photo.php (signed URLs), and the member socket (CHAT_SOCKET_PATH).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_SOCKET_PATH,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_MEGABYTES,
  chatQuerySchema,
  chatReadRequestSchema,
  chatReadResponseSchema,
  chatResponseSchema,
  chatsQuerySchema,
  chatsResponseSchema,
  deleteChatRequestSchema,
  deleteChatResponseSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  type SocketServerEvent,
} from '@app/contracts';
import { z } from 'zod';
import { isNotModified } from '../../lib/conditional-get.ts';
import { AppError } from '../../lib/http-errors.ts';
import { rateLimitHook, rateLimitHooks } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { CLOSE_SESSION_CHANGED, isSameOrigin } from '../../plugins/realtime/index.ts';
import { contentTypeOf } from '../../plugins/storage/index.ts';
import { errorResponses } from '../member-core/index.ts';
import type { ProcessedChatPhoto } from './chat-photos.service.ts';

const TAGS = ['chat'];
/** Sends per member per minute, and per address (several members behind one address share it, so it is wider). */
export const SEND_LIMIT_PER_MEMBER = 30;
export const SEND_LIMIT_PER_IP = 120;
const photoTooLarge = () => new AppError(413, 'photo_too_large', { max_mb: PHOTO_MAX_MEGABYTES });
const notFound = () => new AppError(404, 'not_found');
/** How long a browser may keep a chat photo without asking again; a block takes effect on the next fetch. */
const CHAT_PHOTO_BROWSER_CACHE_SECONDS = 300;

const chatPhotoQuerySchema = z.object({
  m: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'invalid_value')
    .transform(Number),
  s: z.enum(['full', 'thumb']),
  /** The member the URL was signed for. */
  v: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'invalid_value')
    .transform(Number),
  e: z
    .string()
    .regex(/^[1-9][0-9]{0,11}$/, 'invalid_value')
    .transform(Number),
  sig: z.string().max(64),
});
const binarySchema = z.unknown().meta({ type: 'string', format: 'binary', description: 'image/jpeg' });
const photoBodySchema = z.unknown().meta({
  type: 'object',
  properties: { to: { type: 'string' }, client_id: { type: 'string' }, photo: { type: 'string', format: 'binary' } },
  required: ['to', 'client_id', 'photo'],
});

export const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chats, chatPhotos, viewers } = app.services;
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, parts: 6 } });
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
  const readLimit = rateLimitHook(app, { name: 'chat-read', max: 240, timeWindow: '1 minute', key: memberRateKey });

  app.get(
    '/chats.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          'The conversation list, newest activity first (50; next_cursor pages on); ?since=<version> answers what changed after it. ' +
          'Polled: send If-None-Match with the last ETag, 304 when nothing changed',
        querystring: chatsQuerySchema,
        response: { 200: chatsResponseSchema, 304: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { cursor, since } = request.query;
      if (cursor === undefined && since === undefined) {
        const etag = await chats.listTag({ profileId: request.member!.view.profile.id }, request.site);
        if (isNotModified(request, reply, etag)) return reply.code(304).send(undefined);
      }
      return chats.list(await viewers.require(request), request.site, { cursor, since });
    },
  );

  app.get(
    '/chat.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          'One conversation by id or by partner profile, a page of messages (newest, before=<seq>, after=<seq>); the newest page marks it read',
        querystring: chatQuerySchema,
        response: { 200: chatResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { conversation, profile, before, after } = request.query;
      return chats.open(
        await viewers.require(request),
        request.site,
        { conversationId: conversation, partnerId: profile },
        { before, after },
      );
    },
  );

  app.delete(
    '/chat.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: "Remove a conversation from the member's list (it comes back when the partner writes again)",
        body: deleteChatRequestSchema,
        response: { 200: deleteChatResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await chats.remove(await viewers.require(request), request.body.conversation);
      return { removed: true as const };
    },
  );

  app.post(
    '/chat-read.php',
    {
      preValidation: [app.requireMember],
      preHandler: [readLimit],
      schema: {
        tags: TAGS,
        summary: 'The member has read a conversation up to seq',
        body: chatReadRequestSchema,
        response: { 200: chatReadResponseSchema, ...errorResponses },
      },
    },
    async (request) => chats.markRead(await viewers.require(request), request.body.conversation, request.body.seq),
  );

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

  app.get(
    '/chat-photo.php',
    {
      schema: {
        tags: TAGS,
        summary: 'The file of a chat photo, by the signed, expiring URL that chat.php hands the two members',
        querystring: chatPhotoQuerySchema,
        response: { 200: binarySchema, 404: errorResponses[404] },
      },
    },
    async (request, reply) => {
      const { m, s, v, e, sig } = request.query;
      if (!chats.photoUrls.verify(m, s, v, e, sig)) throw notFound();
      // Checked at every fetch, not only when the URL was handed out: a block (either way) revokes it.
      const keys = await chats.findViewablePhotoKeys(m, v);
      if (!keys) throw notFound();
      const key = s === 'thumb' ? keys.thumbKey : keys.fileKey;
      const file = await app.storage.read(key);
      if (!file) throw notFound();
      // The URL is the permission while its member may see the photo: a browser may keep the image a few minutes (a
      // block ends access), no shared cache may.
      const maxAge = Math.min(CHAT_PHOTO_BROWSER_CACHE_SECONDS, Math.max(0, Math.floor(e - Date.now() / 1000)));
      reply.header('cache-control', `private, max-age=${maxAge}`).type(contentTypeOf(key));
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );

  app.get(
    CHAT_SOCKET_PATH.replace(/^\/api/, ''),
    {
      websocket: true,
      preValidation: [
        async (request) => {
          // A page of another site may not open a socket with this site's cookie (cross-site WebSocket hijacking).
          if (!isSameOrigin(request)) throw new AppError(403, 'forbidden');
        },
        app.requireMember,
      ],
      schema: {
        tags: TAGS,
        summary:
          'The member socket (WebSocket): chat, read, typing, likes and member events; client may send typing and ping',
        hide: true,
      },
    },
    async (socket, request) => {
      const member = request.member!;
      const profileId = member.view.profile.id;
      const accepted = app.realtime.accept(
        socket,
        { userId: member.user.id, profileId, sessionId: member.sessionId },
        (event) => {
          if (event.type === 'typing')
            void chats
              .typing({ profileId }, event.conversation_id)
              .catch((error) => request.log.error({ err: error }, 'typing'));
        },
      );
      try {
        // The hello's state is read once this instance hears the member's events: nothing falls in between.
        await accepted;
        const state = await chats.inboxState(profileId);
        const hello: SocketServerEvent = {
          type: 'hello',
          profile_id: profileId,
          version: state.version,
          unread_total: state.unreadTotal,
        };
        socket.send(JSON.stringify(hello));
      } catch (error) {
        request.log.error({ err: error }, 'socket hello');
        socket.close(CLOSE_SESSION_CHANGED, 'retry');
      }
    },
  );
};
