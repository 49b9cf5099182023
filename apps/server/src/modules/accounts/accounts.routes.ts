// Account endpoints, one file per area: logging in (login.routes.ts), the session (session.routes.ts), signing up
// (signup.routes.ts), passwords (password.routes.ts), and activation, e-mail change, deletion and reactivation
// (account-lifecycle.routes.ts). They share one kit (account-route-kit.ts): the member, the frozen `{ user }` answer
// and logging in.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountLifecycleRoutes } from './account-lifecycle.routes.ts';
import { createAccountRouteKit } from './account-route-kit.ts';
import { loginRoutes } from './login.routes.ts';
import { passwordRoutes } from './password.routes.ts';
import { sessionRoutes } from './session.routes.ts';
import { signupRoutes } from './signup.routes.ts';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const kit = createAccountRouteKit(app);
  sessionRoutes(app, kit);
  loginRoutes(app, kit);
  signupRoutes(app, kit);
  passwordRoutes(app, kit);
  accountLifecycleRoutes(app, kit);
};
