// The member's notification settings: GET / PUT /api/notifications.php (e-mail and push per type, invisible mode,
// showing the profile in the site's ads, resuming mail after a bounce or complaint).
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationSettingsResponseSchema, updateNotificationSettingsRequestSchema } from '@app/contracts';
import { errorResponses } from '../member-core/index.ts';
import { NOTIFICATIONS_TAGS as TAGS } from './unsubscribe-page.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ updateLimit: preHandlerAsyncHookHandler }> = async (
  app,
  { updateLimit },
) => {
  const { notifications } = app.services;

  app.get(
    '/notifications.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          "The member's notification settings: e-mail and push per type, invisible mode, showing the profile in the site's ads, why mail is stopped",
        response: { 200: notificationSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ settings: await notifications.getSettings(request.member!.user.id) }),
  );

  app.put(
    '/notifications.php',
    {
      preValidation: [app.requireMember],
      preHandler: [updateLimit],
      schema: {
        tags: TAGS,
        summary:
          'Change notification settings (any subset, saved at once), invisible mode and show_in_ads; resume_mail: true turns mail back on after a bounce or complaint',
        body: updateNotificationSettingsRequestSchema,
        response: { 200: notificationSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ settings: await notifications.updateSettings(request.member!.user.id, request.body) }),
  );
};
