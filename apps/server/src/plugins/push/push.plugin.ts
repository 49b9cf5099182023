// `app.push`: web push through the `web-push` library with this installation's VAPID keys (docs/notifications.md).
// The keys come from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else from the database, created there by
// whichever instance starts first; the public key is the settings' push_public_key.
import type { LookupAddress } from 'node:dns';
import { Agent, type AgentOptions } from 'node:https';
import fp from 'fastify-plugin';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import {
  checkEndpointUrl,
  pinnedLookup,
  PUBLIC_HTTPS_POLICY,
  resolveEndpoint,
  resolveWithSystem,
  type EndpointPolicy,
  type ResolveHost,
} from '../../lib/public-address.ts';
import { loadOrCreateSecret } from '../../lib/secrets.ts';

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
 * refused this message for good (too large, malformed); `refused`: the endpoint is not a public https host (now: its
 * name may resolve elsewhere than when it was saved), nothing was sent and the subscription must be deleted. Other
 * failures (network, 429, 5xx) throw: the job retries.
 */
export type PushResult = 'sent' | 'gone' | 'rejected' | 'refused';

export type Push = {
  publicKey: string;
  /** Whether an endpoint may be saved: https, port 443, and a host resolving to public addresses only. */
  isEndpointAllowed(endpoint: string): Promise<boolean>;
  send(target: PushTarget, payload: PushPayload, options: PushOptions): Promise<PushResult>;
};

/** Where sends go; tests point it at a stand-in push service on the loopback. */
export type PushNetwork = {
  resolve: ResolveHost;
  policy: EndpointPolicy;
  /** TLS options of the connection (tests: the stand-in's certificate authority). */
  tls?: Pick<AgentOptions, 'ca'>;
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
  /** Tests: a stand-in push service's resolver, address policy and certificate. Default: public https hosts only. */
  network?: Partial<PushNetwork>;
};

export const VAPID_SECRET_NAME = 'vapid-keys';
const SEND_TIMEOUT_MS = 10_000;

/**
 * An agent that connects to the address already checked (lib/public-address.ts, `pinnedLookup`). One agent per send:
 * sends are few, and no socket of one endpoint's check is reused for another's.
 */
function pinnedAgent(address: LookupAddress, tls: PushNetwork['tls']): Agent {
  return new Agent({ ...tls, lookup: pinnedLookup(address), keepAlive: false });
}

/** The installation's keys: created once (the first instance's insert wins; the others read its keys). */
export async function loadVapidKeys(db: Database): Promise<VapidKeys> {
  // lib/secrets.ts owns the secrets' table (docs/server-layout.md, "Tables and their owners").
  const value = await loadOrCreateSecret(db, VAPID_SECRET_NAME, () => {
    const fresh = webpush.generateVAPIDKeys();
    return `${fresh.publicKey}.${fresh.privateKey}`;
  });
  const [publicKey, privateKey] = value.split('.');
  if (!publicKey || !privateKey) throw new Error(`secret ${VAPID_SECRET_NAME} missing or malformed`);
  return { publicKey, privateKey };
}

export const pushPlugin = fp<PushPluginOptions>(
  async (app, options) => {
    const keys = options.vapidKeys ?? (await loadVapidKeys(app.db));
    const vapidDetails = { subject: options.subject, ...keys };
    // Fails start-up on a bad key or subject instead of at the first send.
    webpush.getVapidHeaders(
      'https://push.example',
      vapidDetails.subject,
      vapidDetails.publicKey,
      vapidDetails.privateKey,
      'aes128gcm',
    );
    const network: PushNetwork = { resolve: resolveWithSystem, policy: PUBLIC_HTTPS_POLICY, ...options.network };
    app.decorate('push', {
      publicKey: keys.publicKey,
      async isEndpointAllowed(endpoint) {
        if (!checkEndpointUrl(endpoint, network.policy)) return false;
        try {
          return (await resolveEndpoint(endpoint, network.resolve, network.policy)) !== null;
        } catch {
          // A name that does not resolve now is kept: every send checks it again and refuses what is not public.
          return true;
        }
      },
      async send(target, payload, { ttlSeconds, urgency = 'normal', topic }) {
        // Checked again at every send, not only when saved: the name may point elsewhere by now. A failing
        // resolution throws (the job retries), as any other network failure.
        const checked = await resolveEndpoint(target.endpoint, network.resolve, network.policy);
        if (!checked) return 'refused';
        const agent = pinnedAgent(checked.address, network.tls);
        try {
          await webpush.sendNotification(
            { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
            JSON.stringify(payload),
            {
              vapidDetails,
              TTL: ttlSeconds,
              urgency,
              topic,
              contentEncoding: 'aes128gcm',
              timeout: SEND_TIMEOUT_MS,
              agent,
            },
          );
          return 'sent';
        } catch (error) {
          if (error instanceof WebPushError) {
            if (error.statusCode === 404 || error.statusCode === 410) return 'gone';
            if (error.statusCode === 400 || error.statusCode === 413) return 'rejected';
          }
          throw error;
        } finally {
          agent.destroy();
        }
      },
    } satisfies Push);
  },
  { name: 'push', dependencies: ['db'] },
);
