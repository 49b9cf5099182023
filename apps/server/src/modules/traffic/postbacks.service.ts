// Postbacks to the networks (docs/traffic.md): each sent by the `traffic.postback` job, retried with back-off for 24
// hours, then failed; the delivery log and staff's resend. In production only https on public addresses (the web
// push endpoint rules, lib/public-address.ts); outside production loopback too, so tests use a local stand-in.
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { Counter } from 'prom-client';
import type { AdminPostback, PostbackEvent, PostbackStatus } from '@app/contracts';
import {
  PUBLIC_HTTPS_POLICY,
  checkEndpointUrl,
  pinnedLookup,
  resolveEndpoint,
  resolveWithSystem,
  type EndpointPolicy,
  type ResolveHost,
} from '../../lib/public-address.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { JobQueue } from '../../plugins/jobs/job-queue.ts';
import { maskSecrets, signPostback } from './postback-template.ts';
import type { TrafficRepository } from './traffic.repository.ts';

/** How long a postback is retried before it is failed for good. */
export const POSTBACK_RETRY_MS = 24 * 60 * 60 * 1000;
const SEND_TIMEOUT_MS = 10_000;
/** The answer's first characters kept with a failed attempt. */
const ERROR_TEXT_MAX = 300;

/** Outside production: http or https, any port, loopback and local names (a stand-in network on this machine). */
export const LOCAL_POSTBACK_POLICY: EndpointPolicy = {
  isAddressAllowed: () => true,
  ports: null,
  protocols: ['https:', 'http:'],
  allowsLocalNames: true,
};
export { PUBLIC_HTTPS_POLICY };

export type PostbackNetwork = { resolve: ResolveHost; policy: EndpointPolicy };

/** One GET to the address already checked (DNS rebinding cannot swap it); the answer's status, or a thrown error. */
function get(url: URL, address: LookupAddress, headers: Record<string, string>): Promise<number> {
  const lookup = pinnedLookup(address);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'GET', headers: { 'user-agent': 'postbacks/1', ...headers }, lookup, timeout: SEND_TIMEOUT_MS },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end();
  });
}

export function eventOf(kind: string, isFirst: boolean): PostbackEvent {
  if (kind === 'purchase') return isFirst ? 'first_purchase' : 'purchase';
  return kind as PostbackEvent;
}

/**
 * What an attempt came to: sent (a 2xx answer), retried (failed, the queue tries again later), failed (failed for good:
 * 24 hours of retries used up), refused (an address this installation may not call: failed at once).
 */
export const POSTBACK_OUTCOMES = ['sent', 'retried', 'failed', 'refused'] as const;
export type PostbackOutcome = (typeof POSTBACK_OUTCOMES)[number];

/** A postback as staff see it (its URL's secrets masked). */
const toAdmin = (row: Awaited<ReturnType<TrafficRepository['listPostbacks']>>[number]): AdminPostback => ({
  id: row.id,
  network_id: row.networkId,
  network_name: row.networkName,
  event: eventOf(row.kind, row.isFirst),
  order_id: row.orderId,
  user_id: row.userId,
  url: maskSecrets(row.url),
  status: row.status,
  attempts: row.attempts,
  last_status_code: row.lastStatusCode,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
  last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  sent_at: row.sentAt?.toISOString() ?? null,
});

/** The signature header of a network that signs its postbacks, else none. */
function signatureHeaders(postback: {
  url: string;
  signatureHeader: string | null;
  signingSecret: string | null;
}): Record<string, string> {
  const headers: Record<string, string> = {};
  if (postback.signatureHeader && postback.signingSecret)
    headers[postback.signatureHeader] = signPostback(postback.url, postback.signingSecret);
  return headers;
}

export function createPostbacks(deps: {
  repo: Pick<TrafficRepository, 'findPostbackToSend' | 'recordAttempt' | 'resetPostback' | 'listPostbacks'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  network: PostbackNetwork;
  /** Every attempt's outcome, counted (the metric `postbacks_total`, docs/operations.md). */
  outcomes: Pick<Counter<'outcome'>, 'inc'>;
  now: () => Date;
}) {
  const { repo } = deps;
  // Each outcome's series exists from the start, so a first failure is an increase from 0 (the alerts read increases).
  for (const outcome of POSTBACK_OUTCOMES) deps.outcomes.inc({ outcome }, 0);
  const count = (outcome: PostbackOutcome) => deps.outcomes.inc({ outcome });
  return {
    /** Whether a template's address may be called at all here (production: https, port 443, not a local name). */
    isAddressAllowed(url: string): boolean {
      // Placeholders are filled with URL-safe values; a sample fill is enough to judge the address's shape.
      return checkEndpointUrl(url.replace(/\{[a-z0-9_]+\}/g, 'x'), deps.network.policy) !== null;
    },
    /**
     * The job: one attempt. Sent on a 2xx answer; any other answer or a network failure is retried (the job throws)
     * until 24 hours after the postback was made, then failed. An address this installation may not call fails at once.
     */
    async send(postbackId: number, context: { now: Date; isLastAttempt: boolean }): Promise<void> {
      const postback = await repo.findPostbackToSend(postbackId);
      if (!postback || postback.status !== 'pending') return;
      const at = context.now;
      let target: Awaited<ReturnType<typeof resolveEndpoint>> = null;
      let error: string | null = null;
      let statusCode: number | null = null;
      try {
        target = await resolveEndpoint(postback.url, deps.network.resolve, deps.network.policy);
        if (!target) {
          await repo.recordAttempt(postbackId, {
            status: 'failed',
            statusCode: null,
            error: 'address refused: https on a public address only',
            at,
          });
          count('refused');
          return;
        }
        statusCode = await get(target.url, target.address, signatureHeaders(postback));
        if (statusCode >= 200 && statusCode < 300) {
          await repo.recordAttempt(postbackId, { status: 'sent', statusCode, error: null, at });
          count('sent');
          return;
        }
        error = `HTTP ${statusCode}`;
      } catch (failure) {
        error = (failure instanceof Error ? failure.message : String(failure)).slice(0, ERROR_TEXT_MAX);
      }
      const isOver = context.isLastAttempt || at.getTime() - postback.createdAt.getTime() >= POSTBACK_RETRY_MS;
      await repo.recordAttempt(postbackId, { status: isOver ? 'failed' : 'pending', statusCode, error, at });
      count(isOver ? 'failed' : 'retried');
      // The queue runs it again later (back-off); a failed one waits for staff's resend.
      if (!isOver) throw new Error(`postback ${postbackId}: ${error}`);
    },
    /** Staff's resend: pending again, with a new 24 hours of retries. */
    async resend(postbackId: number): Promise<AdminPostback> {
      const [before] = await repo.listPostbacks({ ids: [postbackId], limit: 1 });
      if (!before) throw new AppError(404, 'postback_not_found');
      if (before.status === 'pending') throw new AppError(409, 'postback_pending');
      await repo.resetPostback(postbackId, deps.now());
      await deps.jobs.enqueue('traffic.postback', { postbackId }, { uniqueKey: `postback:${postbackId}` });
      const [after] = await repo.listPostbacks({ ids: [postbackId], limit: 1 });
      return toAdmin(after!);
    },
    async list(query: { status?: PostbackStatus; networkId?: number; before?: number; limit?: number }) {
      const limit = query.limit ?? 50;
      const rows = await repo.listPostbacks({ ...query, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        postbacks: page.map(toAdmin),
        next_before: rows.length > limit ? page[page.length - 1]!.id : null,
      };
    },
  };
}
export type Postbacks = ReturnType<typeof createPostbacks>;
export { resolveWithSystem };
