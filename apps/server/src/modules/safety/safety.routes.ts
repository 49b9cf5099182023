// The member's safety settings (docs/safety.md): which chat photos that may be explicit arrive blurred.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { safetySettingsResponseSchema, updateSafetySettingsRequestSchema } from '@app/contracts';
import { errorResponses } from '../member-core/index.ts';

const TAGS = ['safety'];

export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chatPhotoBlur } = app.services;

  app.get(
    '/safety.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          'Which chat photos that may be explicit arrive blurred: from everyone, from members not matched, never',
        response: { 200: safetySettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ settings: { chat_photo_blur: await chatPhotoBlur.choiceOf(request.member!.user.id) } }),
  );

  app.put(
    '/safety.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'Change which chat photos that may be explicit arrive blurred',
        body: updateSafetySettingsRequestSchema,
        response: { 200: safetySettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await chatPhotoBlur.setChoice(request.member!.user.id, request.body.chat_photo_blur);
      return { settings: { chat_photo_blur: request.body.chat_photo_blur } };
    },
  );
};
