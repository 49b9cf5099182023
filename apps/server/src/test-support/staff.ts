// Test helpers of the staff console: staff accounts of each role, a staff browser (keeps `staff_sid`), TOTP codes.
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import type { StaffRole } from '@app/contracts';
import { clientHeaders, type TestApp } from './test-app.ts';
import { uniqueIp } from './accounts.ts';

export const STAFF_COOKIE = 'staff_sid';
export const STAFF_PASSWORD = 'staff secret 1234';

export type StaffClient = {
  ip: string;
  cookie?: string;
  email: string;
  secret: string;
  id: number;
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
};

/** The code an authenticator shows at the app's clock (optionally `steps` periods later). */
export function totpCode(app: TestApp, secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) + steps * 30 });
}

export async function createStaff(app: TestApp, role: StaffRole) {
  const email = `${role}.${randomBytes(5).toString('hex')}@staff.example.com`;
  const { account, secret, uri } = await app.services.admin.staff.create({
    email,
    name: `Test ${role}`,
    role,
    password: STAFF_PASSWORD,
  });
  return { id: account.id, email, secret, uri };
}

/** A browser of a staff member (not yet signed in): keeps the staff cookie, sends the client header. */
export function staffBrowser(
  app: TestApp,
  staff: { id: number; email: string; secret: string },
  ip = uniqueIp(),
): StaffClient {
  const client: StaffClient = {
    ...staff,
    ip,
    async request(options) {
      const response = await app.inject({
        remoteAddress: client.ip,
        ...options,
        headers: { ...clientHeaders, ...options.headers },
        cookies: { ...(client.cookie ? { [STAFF_COOKIE]: client.cookie } : {}), ...options.cookies },
      });
      const set = response.cookies.find((cookie) => cookie.name === STAFF_COOKIE);
      if (set) client.cookie = set.value || undefined;
      return response;
    },
  };
  return client;
}

export async function staffLogin(
  app: TestApp,
  client: StaffClient,
  overrides: { password?: string; code?: string } = {},
) {
  return client.request({
    method: 'POST',
    url: '/api/admin/login',
    payload: {
      email: client.email,
      password: overrides.password ?? STAFF_PASSWORD,
      code: overrides.code ?? (await totpCode(app, client.secret)),
    },
  });
}

/** A signed-in staff member of the role. */
export async function signedInStaff(app: TestApp, role: StaffRole): Promise<StaffClient> {
  const client = staffBrowser(app, await createStaff(app, role));
  const response = await staffLogin(app, client);
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.body}`);
  return client;
}
