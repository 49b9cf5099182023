// The session: GET /api/user.php (the logged-in member), PUT /api/user.php (the interface language) and
// GET /api/logout.php (which asks for the client header itself: SPEC section 7 makes it a GET).
import { apiErrorSchema, successResponseSchema, updateLanguageRequestSchema, userResponseSchema } from '@app/contracts';
import { isUiLanguage } from '@app/i18n';
import { AppError, forbidden } from '../../lib/http-errors.ts';
import { type AccountRouteKit, type AccountsApp, errorResponses, TAGS } from './account-route-kit.ts';

export function sessionRoutes(app: AccountsApp, { member, sendUser, sendFreshUser }: AccountRouteKit): void {
  const { accounts } = app.services;

  app.get(
    '/user.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'The logged-in member',
        response: { 200: userResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request) => sendUser(request),
  );

  app.put(
    '/user.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'Save the chosen interface language',
        body: updateLanguageRequestSchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { language } = request.body;
      if (!isUiLanguage(language))
        throw new AppError(400, 'validation_failed', undefined, [{ path: 'language', code: 'invalid_value' }]);
      const { user } = member(request);
      await accounts.updateLanguage(user.id, language);
      return sendFreshUser(request);
    },
  );

  app.get(
    '/logout.php',
    {
      // SPEC section 7 makes logout a GET, which the CSRF guard lets through: it asks for the client header itself,
      // so a link or redirect from another site (SameSite=Lax sends the cookie along) cannot end a member's session.
      onRequest: async (request) => {
        if (request.headers['request-type'] !== 'client') throw forbidden('csrf_rejected');
      },
      schema: {
        tags: TAGS,
        summary: 'End the session (needs the Request-Type: client header)',
        response: { 200: successResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await app.endSession(request, reply);
      return { success: true as const };
    },
  );
}
