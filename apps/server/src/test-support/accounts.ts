// Test helpers for the account API: signup, login, the mailbox links, fresh IPs and addresses per test.
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { User } from '@app/contracts';
import { clientHeaders, SESSION_COOKIE, type TestApp } from './test-app.ts';

/** A fresh address per call: rate-limit counters (in Redis too) never carry over between tests or runs. */
export function uniqueEmail(name = 'member'): string {
  return `${name}.${randomBytes(5).toString('hex')}@example.com`;
}

/** A fresh client address per call, for the per-IP limits. */
export function uniqueIp(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${(c % 254) + 1}`;
}

export { SESSION_COOKIE };

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie && cookie.value ? cookie.value : undefined;
}

export type Client = {
  ip: string;
  cookie?: string;
  /** The paid-traffic tracking cookie (`tv`), kept like a browser keeps it (docs/traffic.md). */
  trackingCookie?: string;
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
};

/** A browser: keeps its session and tracking cookies, sends the client header, has its own IP. */
export function createClient(app: TestApp, ip = uniqueIp()): Client {
  const client: Client = {
    ip,
    async request(options) {
      const response = await app.inject({
        remoteAddress: client.ip,
        ...options,
        headers: { ...clientHeaders, ...options.headers },
        cookies: {
          ...(client.cookie ? { [SESSION_COOKIE]: client.cookie } : {}),
          ...(client.trackingCookie ? { [TRACKING_COOKIE]: client.trackingCookie } : {}),
          ...options.cookies,
        },
      });
      const setCookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      if (setCookie) client.cookie = setCookie.value || undefined;
      const tracking = response.cookies.find((c) => c.name === TRACKING_COOKIE);
      if (tracking) client.trackingCookie = tracking.value || undefined;
      return response;
    },
  };
  return client;
}

/** The tracking cookie's name on http (the tests' PUBLIC_URL). */
export const TRACKING_COOKIE = 'tv';

export const DEFAULT_PASSWORD = 'correct horse 1';

export function signupBody(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  return {
    email,
    username: `user${randomBytes(3).toString('hex')}`,
    password: DEFAULT_PASSWORD,
    date_of_birth: '1990-05-17',
    ...overrides,
  };
}

/** Signs up a new member through the API; the client is logged in afterwards. */
export async function signUp(app: TestApp, overrides: Record<string, unknown> = {}, client = createClient(app)) {
  const body = signupBody(overrides);
  const response = await client.request({ method: 'POST', url: '/api/signup.php', payload: body });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return {
    client,
    email: body.email as string,
    password: body.password as string,
    user: response.json<{ user: User }>().user,
  };
}

export type DevMail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  links: string[];
  created_at: string;
};

export async function mailsTo(app: TestApp, email: string): Promise<DevMail[]> {
  const response = await app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
  return response.json<{ mails: DevMail[] }>().mails;
}

/** The token of the newest mailed link to `path` for that address. */
export async function tokenFromMail(app: TestApp, email: string, path: string): Promise<string> {
  for (const mail of await mailsTo(app, email)) {
    for (const link of mail.links) {
      const url = new URL(link);
      if (url.pathname === path && url.searchParams.get('token')) return url.searchParams.get('token')!;
    }
  }
  throw new Error(`no mail to ${email} with a link to ${path}`);
}

export async function login(client: Client, email: string, password: string) {
  return client.request({ method: 'POST', url: '/api/user.php', payload: { email, password } });
}

/** Moves the app's clock by `ms` from its current reading. */
export function advanceClock(app: TestApp, ms: number): void {
  const base = app.clock.now().getTime() + ms;
  const started = Date.now();
  app.clock.now = () => new Date(base + (Date.now() - started));
}
