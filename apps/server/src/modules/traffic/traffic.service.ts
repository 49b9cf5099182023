// Paid traffic, one service over its parts (docs/traffic.md): visits and first touches, attribution of business
// events with the networks' postbacks, the networks themselves, and the report. Built once in services.ts.
import type { Counter } from 'prom-client';
import type { TrafficReportGroup } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { SiteRow } from '../../db/schema/index.ts';
import type { EventBus } from '../../plugins/bus/index.ts';
import type { JobQueue } from '../../plugins/jobs/job-queue.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { consumeTrafficEvents, createAttribution } from './attribution.service.ts';
import { createNetworks } from './networks.service.ts';
import { createPostbacks, type PostbackNetwork } from './postbacks.service.ts';
import { createReportRepository } from './report.repository.ts';
import { createTrafficReport } from './report.service.ts';
import type { TrackingCookies } from './tracking-cookie.ts';
import { createTrafficRepository, type TrafficRepository } from './traffic.repository.ts';
import { createVisitsService } from './visits.service.ts';

/** Visits forgotten per statement by the daily job. */
const FORGET_BATCH = 5000;

/** The names beside the report's keys: sites' and members' from their owners, networks' from ours. */
async function reportLabels(
  deps: {
    siteNames: () => Promise<Map<number, string>>;
    memberNames: (ids: number[]) => Promise<Map<number, string>>;
  },
  repo: Pick<TrafficRepository, 'listNetworks'>,
  by: TrafficReportGroup,
  keys: string[],
): Promise<Map<string, string>> {
  const ids = keys.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  if (by === 'site') {
    const names = await deps.siteNames();
    return new Map(keys.map((key) => [key, names.get(Number(key)) ?? '']));
  }
  if (by === 'member') {
    const names = await deps.memberNames(ids);
    return new Map(keys.map((key) => [key, names.get(Number(key)) ?? '']));
  }
  if (by === 'network') {
    const rows = await repo.listNetworks();
    return new Map(rows.map((row) => [row.key, row.name]));
  }
  return new Map();
}

export function createTrafficService(deps: {
  db: Executor;
  outbox: Pick<Outbox, 'transaction' | 'consume' | 'onDelivery'>;
  bus: Pick<EventBus, 'publish' | 'subscribe' | 'onResync'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  cookies: TrackingCookies;
  isSecureCookie: boolean;
  visitFlushMs: number;
  postbackNetwork: PostbackNetwork;
  /** Postback attempts by outcome (the metric `postbacks_total`). */
  postbackOutcomes: Pick<Counter<'outcome'>, 'inc'>;
  lookupCountry: (ip: string) => string | null;
  /** From sites' public entry: an event's day is the site's. */
  findSite: (executor: Executor, siteId: number) => Promise<Pick<SiteRow, 'timeZone'> | undefined>;
  /** Names beside the report's keys that other modules own: sites and members. */
  siteNames: () => Promise<Map<number, string>>;
  /** The time zones of one site or of all (the report's default period). */
  siteTimeZones: (siteId?: number) => Promise<string[]>;
  memberNames: (ids: number[]) => Promise<Map<number, string>>;
  now: () => Date;
  onError: (error: unknown, context: string) => void;
}) {
  const repo = createTrafficRepository(deps.db);
  const visits = createVisitsService({
    repo,
    cookies: deps.cookies,
    isSecure: deps.isSecureCookie,
    flushMs: deps.visitFlushMs,
    lookupCountry: deps.lookupCountry,
    now: deps.now,
    onError: deps.onError,
  });
  const attribution = createAttribution({ repo, jobs: deps.jobs, findSite: deps.findSite, now: deps.now });
  const postbacks = createPostbacks({
    repo,
    jobs: deps.jobs,
    network: deps.postbackNetwork,
    outcomes: deps.postbackOutcomes,
    now: deps.now,
  });
  const networks = createNetworks({
    repo,
    outbox: deps.outbox,
    isAddressAllowed: (url) => postbacks.isAddressAllowed(url),
    onChanged: () => visits.reloadNetworks(),
    now: deps.now,
  });
  const report = createTrafficReport({
    repo: createReportRepository(deps.db),
    labels: (by: TrafficReportGroup, keys: string[]) => reportLabels(deps, repo, by, keys),
    siteTimeZones: deps.siteTimeZones,
    now: deps.now,
  });

  // Business events, recorded once each in their acknowledging transaction; network changes reach every instance.
  const stops = [
    consumeTrafficEvents(deps.outbox, attribution),
    deps.outbox.onDelivery('traffic.networks-changed', () => deps.bus.publish('traffic.networks-changed', {})),
    deps.bus.subscribe('traffic.networks-changed', () => void visits.reloadNetworks()),
    deps.bus.onResync(() => void visits.reloadNetworks()),
  ];

  return {
    ...visits,
    networks,
    postbacks,
    report,
    /** Visits of visitors who never signed up are forgotten once their cookie has ended (the daily job). */
    async forgetEndedVisitors(now: Date): Promise<number> {
      let forgotten = 0;
      for (;;) {
        const batch = await repo.forgetEndedVisits(now, FORGET_BATCH);
        forgotten += batch;
        if (batch < FORGET_BATCH) return forgotten;
      }
    },
    /** The account is purged: its first touches and visits go, its events stay for the books without it. */
    forgetMember: (userId: number, tx?: Executor) => repo.forgetMember(userId, tx),
    stop: () => stops.forEach((stop) => stop()),
  };
}
export type TrafficService = ReturnType<typeof createTrafficService>;
