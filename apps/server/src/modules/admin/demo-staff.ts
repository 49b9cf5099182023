// Development only (NODE_ENV=development, with the demo seed): a demo admin, moderator and support account with known
// passwords and a known TOTP secret, so the console can be tried in each role (README "Staff console"). Never created
// in production or tests.
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { StaffRole } from '@app/contracts';
import { createStaffAccounts, totpUri } from './staff-accounts.ts';

/** One account per role, so each role's console can be tried. One TOTP secret for all three (a demo, never production). */
const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const DEMO_STAFF = [
  {
    email: 'admin@example.com',
    name: 'Demo admin',
    role: 'admin',
    password: 'admin-demo-1234',
    totpSecret: DEMO_TOTP_SECRET,
  },
  {
    email: 'moderator@example.com',
    name: 'Demo moderator',
    role: 'moderator',
    password: 'moderator-demo-1234',
    totpSecret: DEMO_TOTP_SECRET,
  },
  {
    email: 'support@example.com',
    name: 'Demo support',
    role: 'support',
    password: 'support-demo-1234',
    totpSecret: DEMO_TOTP_SECRET,
  },
] as const satisfies readonly { email: string; name: string; role: StaffRole; password: string; totpSecret: string }[];

type DemoLogin = { email: string; role: StaffRole; password: string; secret: string; uri: string };

/** Creates the demo staff accounts that are missing; answers how to sign in with each, to log. */
export async function ensureDemoStaff(db: Database): Promise<DemoLogin[]> {
  const accounts = createStaffAccounts({ db, now: () => new Date() });
  const logins: DemoLogin[] = [];
  for (const demo of DEMO_STAFF) {
    const login = {
      email: demo.email,
      role: demo.role,
      password: demo.password,
      secret: demo.totpSecret,
      uri: totpUri(demo.email, demo.totpSecret),
    };
    logins.push(login);
    if (await accounts.findByEmail(demo.email)) continue;
    try {
      await accounts.create({
        email: demo.email,
        name: demo.name,
        role: demo.role,
        password: demo.password,
        totpSecret: demo.totpSecret,
      });
    } catch (error) {
      // Two instances starting together on one database: the other one created it first.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return logins;
}

/** Registers the demo staff at startup in development and logs how to sign in. */
export const demoStaffPlugin = fp<{ isEnabled: boolean }>(async (app, { isEnabled }) => {
  if (!isEnabled) return;
  app.addHook('onReady', async () => {
    for (const demo of await ensureDemoStaff(app.db)) {
      app.log.info(
        { email: demo.email, role: demo.role, password: demo.password, totpSecret: demo.secret, otpauth: demo.uri },
        `staff console demo ${demo.role} (development only): /admin`,
      );
    }
  });
});
