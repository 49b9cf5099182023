// What the account routes share: the member of a request, the `{ user }` answer (frozen once per member view), logging
// in, the e-mail rate-limit key, the error answers of the API document and its tag.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, type User } from '@app/contracts';
import type { SiteRow } from '../../db/schema/index.ts';
import { deepFreeze } from '../../lib/frozen-answers.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { MemberView } from '../../plugins/session/index.ts';

/** The app as the account routes see it (Zod type provider). */
export type AccountsApp = Parameters<FastifyPluginAsyncZod>[0];

/** Rate-limit key for the e-mail address of a request's body (one helper with the staff login's). */
export { bodyEmailKey } from '../../lib/email-rate-key.ts';

export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
export const TAGS = ['accounts'];

export function createAccountRouteKit(app: AccountsApp) {
  const { accounts } = app.services;
  const member = (request: FastifyRequest) => {
    if (!request.member) throw new AppError(403, 'authentication_required');
    return request.member;
  };
  /**
   * The `{ user }` answer from the request's member view, built and frozen once per view and site: the view is the
   * cached one (a change makes a new view), so a poll reuses the answer and its JSON (lib/frozen-answers.ts).
   */
  const answers = new WeakMap<MemberView, { site: SiteRow; answer: { user: User } }>();
  const sendUser = (request: FastifyRequest) => {
    const { view } = member(request);
    const known = answers.get(view);
    if (known?.site === request.site) return known.answer;
    const answer = deepFreeze({ user: accounts.toUserPayload(view, request.site) });
    answers.set(view, { site: request.site, answer });
    return answer;
  };
  const sendFreshUser = async (request: FastifyRequest) => ({
    user: accounts.toUserPayload((await app.refreshMember(request)).view, request.site),
  });
  const logIn = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    await app.startSession(request, reply, userId);
    await app.markActive(userId);
    return sendUser(request);
  };
  return { member, sendUser, sendFreshUser, logIn };
}
export type AccountRouteKit = ReturnType<typeof createAccountRouteKit>;
