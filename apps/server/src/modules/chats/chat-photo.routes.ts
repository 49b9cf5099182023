// Chat photos' files: GET /api/chat-photo.php, by the signed, expiring URL chat.php hands each member (docs/chat.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatPhotoViewRequestSchema, chatPhotoViewResponseSchema } from '@app/contracts';
import { z } from 'zod';
import { blurredKeyOf } from '../../lib/blurred-image.ts';
import { AppError } from '../../lib/http-errors.ts';
import { contentTypeOf } from '../../plugins/storage/index.ts';
import { errorResponses } from '../member-core/index.ts';

const TAGS = ['chat'];
const notFound = () => new AppError(404, 'not_found');
/** How long a browser may keep a chat photo without asking again; a block takes effect on the next fetch. */
const CHAT_PHOTO_BROWSER_CACHE_SECONDS = 300;

const chatPhotoQuerySchema = z.object({
  m: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'invalid_value')
    .transform(Number),
  s: z.enum(['full', 'thumb', 'blur']),
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

export const chatPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chats } = app.services;

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
      const key = s === 'thumb' ? keys.thumbKey : s === 'blur' ? blurredKeyOf(keys.fileKey) : keys.fileKey;
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

  app.post(
    '/chat-photo-view.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          'The original of a chat photo its receiver got blurred (docs/safety.md): signed for this member, logged',
        body: chatPhotoViewRequestSchema,
        response: { 200: chatPhotoViewResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await app.services.viewers.require(request);
      const messageId = request.body.message_id;
      if (!(await chats.findViewablePhotoKeys(messageId, viewer.profileId))) throw notFound();
      request.log.info({ messageId, profileId: viewer.profileId }, 'blurred chat photo viewed');
      return {
        url: chats.photoUrls.sign(messageId, 'full', viewer.profileId),
        thumb_url: chats.photoUrls.sign(messageId, 'thumb', viewer.profileId),
      };
    },
  );
};
