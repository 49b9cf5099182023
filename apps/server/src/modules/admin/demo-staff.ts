// Development only (NODE_ENV=development, with the demo seed): a demo admin with a known password and TOTP secret,
// so the console can be tried (README "Staff console"). Never created in production or tests.
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createStaffAccounts, totpUri } from './staff-accounts.ts';

export const DEMO_STAFF = {
  email: 'admin@example.com',
  name: 'Demo admin',
  password: 'admin-demo-1234',
  /** Base32, 20 bytes: add it to an authenticator app, or use the otpauth:// URI the log prints. */
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

/** Creates the demo admin when missing; answers the enrollment URI to log. */
export async function ensureDemoStaff(db: Database): Promise<{ email: string; password: string; secret: string; uri: string } | null> {
  const accounts = createStaffAccounts({ db, now: () => new Date() });
  const existing = { email: DEMO_STAFF.email, password: DEMO_STAFF.password, secret: DEMO_STAFF.totpSecret, uri: totpUri(DEMO_STAFF.email, DEMO_STAFF.totpSecret) };
  if (await accounts.findByEmail(DEMO_STAFF.email)) return existing;
  try {
    const created = await accounts.create({ email: DEMO_STAFF.email, name: DEMO_STAFF.name, role: 'admin', password: DEMO_STAFF.password, totpSecret: DEMO_STAFF.totpSecret });
    return { email: DEMO_STAFF.email, password: DEMO_STAFF.password, secret: created.secret, uri: created.uri };
  } catch (error) {
    // Two instances starting together on one database: the other one created it first.
    if (isUniqueViolation(error)) return existing;
    throw error;
  }
}

/** Registers the demo admin at startup in development and logs how to sign in. */
export const demoStaffPlugin = fp<{ isEnabled: boolean }>(async (app, { isEnabled }) => {
  if (!isEnabled) return;
  app.addHook('onReady', async () => {
    const demo = await ensureDemoStaff(app.db);
    if (demo) app.log.info({ email: demo.email, password: demo.password, totpSecret: demo.secret, otpauth: demo.uri }, 'staff console demo admin (development only): /admin');
  });
});
