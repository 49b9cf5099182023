// Development demo data: an empty database gets an activated demo member so a newcomer can log in at once.
import fp from 'fastify-plugin';
import { buildAccountsService } from '../accounts/accounts.routes.ts';

export const DEMO_LOGIN = { email: 'demo@example.com', password: 'demo1234' } as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo login when the demo member exists (development only); server.ts prints it. */
    demoLogin: { email: string; password: string } | null;
  }
}

export const demoSeedPlugin = fp<{ isEnabled: boolean }>(
  async (app, { isEnabled }) => {
    app.decorate('demoLogin', null);
    if (!isEnabled) return;
    const accounts = buildAccountsService(app);
    const site = await app.sites.resolve('');
    if ((await accounts.countUsers()) === 0) {
      await accounts.createActivatedMember(site, {
        email: DEMO_LOGIN.email,
        password: DEMO_LOGIN.password,
        username: 'Demo',
        country: 'NL',
        dateOfBirth: '1990-06-15',
        language: 'en',
      });
      app.log.info(`demo member created: ${DEMO_LOGIN.email}`);
    }
    if (await accounts.hasAccount(site.id, DEMO_LOGIN.email)) app.demoLogin = DEMO_LOGIN;
  },
  { name: 'demo-seed', dependencies: ['db', 'site', 'session', 'mailer', 'jobs'] },
);
