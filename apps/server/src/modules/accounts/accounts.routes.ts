// Account endpoints, one file per area: the session (session.routes.ts), logging in (login.routes.ts), signing up
// (signup.routes.ts), activation (activation.routes.ts), passwords (password.routes.ts), a new e-mail address
// (mail-change.routes.ts), deletion and reactivation (deletion.routes.ts). They share one kit (account-route-kit.ts):
// the member, the frozen `{ user }` answer and logging in.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationRoutes } from './activation.routes.ts';
import { createAccountRouteKit } from './account-route-kit.ts';
import { deletionRoutes } from './deletion.routes.ts';
import { loginRoutes } from './login.routes.ts';
import { mailChangeRoutes } from './mail-change.routes.ts';
import { passwordRoutes } from './password.routes.ts';
import { sessionRoutes } from './session.routes.ts';
import { signupRoutes } from './signup.routes.ts';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const kit = createAccountRouteKit(app);
  sessionRoutes(app, kit);
  loginRoutes(app, kit);
  signupRoutes(app, kit);
  activationRoutes(app, kit);
  passwordRoutes(app, kit);
  mailChangeRoutes(app, kit);
  deletionRoutes(app, kit);
};
