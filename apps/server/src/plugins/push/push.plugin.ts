// `app.push`: web push through the `web-push` library with this installation's VAPID keys (docs/notifications.md).
// The keys come from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else from the database, created there by
// whichever instance starts first; the public key is the settings' push_public_key.
import type { Agent } from 'node:https';
import fp from 'fastify-plugin';
import webpush, { WebPushError } from 'web-push';
import { eq } from 'drizzle-orm';
import type { PushPayload } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

export type VapidKeys = { publicKey: string; privateKey: string };
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushOptions = {
  /** How long the push service keeps the message for an offline browser. */
  ttlSeconds: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** A later push with the same topic replaces one the push service still holds (base64url, at most 32 characters). */
  topic?: string;
};
/**
 * `sent`; `gone`: the push service answered 404 or 410, the subscription is dead and must be deleted; `rejected`: it
 * refused this message for good (too large, malformed). Other failures (network, 429, 5xx) throw: the job retries.
 */
export type PushResult = 'sent' | 'gone' | 'rejected';

export type Push = {
  publicKey: string;
  send(target: PushTarget, payload: PushPayload, options: PushOptions): Promise<PushResult>;
};

declare module 'fastify' {
  interface FastifyInstance {
    push: Push;
  }
}

export type PushPluginOptions = {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when both are set. */
  vapidKeys?: VapidKeys;
  /** The contact the push services see (VAPID `sub`): an https: URL or a mailto: address. */
  subject: string;
  /** Tests: the agent that trusts the local stand-in push service's certificate. */
  agent?: Agent;
};

export const VAPID_SECRET_NAME = 'vapid-keys';
const SEND_TIMEOUT_MS = 10_000;

/** The installation's keys: created once (the first instance's insert wins; the others read its keys). */
export async function loadVapidKeys(db: Database): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(appSecrets)
    .values({ name: VAPID_SECRET_NAME, value: `${fresh.publicKey}.${fresh.privateKey}` })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, VAPID_SECRET_NAME));
  const [publicKey, privateKey] = row?.value.split('.') ?? [];
  if (!publicKey || !privateKey) throw new Error(`secret ${VAPID_SECRET_NAME} missing or malformed`);
  return { publicKey, privateKey };
}

export const pushPlugin = fp<PushPluginOptions>(
  async (app, options) => {
    const keys = options.vapidKeys ?? (await loadVapidKeys(app.db));
    const vapidDetails = { subject: options.subject, ...keys };
    // Fails start-up on a bad key or subject instead of at the first send.
    webpush.getVapidHeaders('https://push.example', vapidDetails.subject, vapidDetails.publicKey, vapidDetails.privateKey, 'aes128gcm');
    app.decorate('push', {
      publicKey: keys.publicKey,
      async send(target, payload, { ttlSeconds, urgency = 'normal', topic }) {
        try {
          await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
            vapidDetails,
            TTL: ttlSeconds,
            urgency,
            topic,
            contentEncoding: 'aes128gcm',
            timeout: SEND_TIMEOUT_MS,
            agent: options.agent,
          });
          return 'sent';
        } catch (error) {
          if (error instanceof WebPushError) {
            if (error.statusCode === 404 || error.statusCode === 410) return 'gone';
            if (error.statusCode === 400 || error.statusCode === 413) return 'rejected';
          }
          throw error;
        }
      },
    } satisfies Push);
  },
  { name: 'push', dependencies: ['db'] },
);
