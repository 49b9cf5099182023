// Visits and first touches (docs/traffic.md): which query keys name a visit rather than a page, the signed tracking
// cookie, and the record of each visit that carries tracking data or lands on a lander (written in batches).
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isTrackingKey, type Tracking } from '@app/contracts';
import type { PageVisit } from '../../plugins/web.plugin.ts';
import type { TrackingCookie, TrackingCookies } from './tracking-cookie.ts';
import type { BufferedVisit, TrafficRepository } from './traffic.repository.ts';
import { isCrawler, EMPTY_VISIT_SOURCE, referrerHostOf, sourceOf, type NetworkDirectory } from './visit-source.ts';
import { createVisitRecorder } from './visit-recorder.ts';

/** How often a quiet instance reads the networks again (a change made elsewhere reaches it sooner by the bus). */
const NETWORKS_REFRESH_MS = 60_000;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The last day answered per time zone, and the UTC minute it was answered for (a day changes on minute borders). */
const lastDays = new Map<string, { minute: number; day: string }>();
/** The calendar day of `moment` in `timeZone`, YYYY-MM-DD (the site's days of the reports). */
export function dayIn(timeZone: string, moment: Date): string {
  const minute = Math.floor(moment.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = formatDay(timeZone, moment);
  lastDays.set(timeZone, { minute, day });
  return day;
}

function formatDay(timeZone: string, moment: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    }
    dayFormats.set(timeZone, format);
  }
  return format.format(moment);
}

export function createVisitsService(deps: {
  repo: Pick<TrafficRepository, 'insertVisits' | 'findFirstTouch' | 'listNetworks'>;
  cookies: TrackingCookies;
  /** https: the cookie is `__Host-tv` and Secure, as the session's. */
  isSecure: boolean;
  /** How long visits wait for their batch (0: written before the page is answered). */
  flushMs: number;
  lookupCountry: (ip: string) => string | null;
  now: () => Date;
  onError: (error: unknown, context: string) => void;
}) {
  const cookieName = deps.isSecure ? '__Host-tv' : 'tv';
  let networks = new Map<string, { id: number; key: string; clickIdParam: string; refParam: string }>();
  let networkKeys: ReadonlySet<string> = new Set();
  let loadedAt = Number.NEGATIVE_INFINITY;
  /** Reads one after another: a read asked for after a change never answers with one that started before it. */
  let reads: Promise<void> = Promise.resolve();
  let isRefreshing = false;

  function reloadNetworks(): Promise<void> {
    reads = reads.then(async () => {
      try {
        const rows = await deps.repo.listNetworks();
        networks = new Map(rows.map((row) => [row.key, row]));
        networkKeys = new Set(rows.flatMap((row) => [row.clickIdParam, row.refParam]));
        loadedAt = performance.now();
      } catch (error) {
        deps.onError(error, 'loading traffic networks');
      }
    });
    return reads;
  }
  /** The networks as last read: never waits on the request's path, refreshed in the background when old. */
  const directory: NetworkDirectory = {
    find: (key) => networks.get(key),
    keys: () => networkKeys,
  };
  const refreshIfOld = () => {
    if (isRefreshing || performance.now() - loadedAt <= NETWORKS_REFRESH_MS) return;
    isRefreshing = true;
    void reloadNetworks().finally(() => {
      isRefreshing = false;
    });
  };

  const recorder = createVisitRecorder({
    write: (batch: readonly BufferedVisit[]) => deps.repo.insertVisits(batch),
    flushMs: deps.flushMs,
    onError: (error, count) => deps.onError(error, `writing ${count} visits`),
  });

  function visitorOf(request: FastifyRequest): TrackingCookie | null {
    return deps.cookies.read(request.cookies[cookieName], request.site.id, Math.floor(deps.now().getTime() / 1000));
  }

  return {
    reloadNetworks,
    /** Whether a query key names a visit (a click id, a campaign tag, a key some network sends), not a page. */
    isTrackingKey(key: string): boolean {
      refreshIfOld();
      return isTrackingKey(key, networkKeys);
    },
    /** The visitor of the request's valid tracking cookie, or null. */
    visitorOf,
    /**
     * Records a page's visit when it carries tracking data or lands on a lander (GET only, never a crawler's), and
     * gives the visitor the cookie of their first touch (a new one when they had none, or it ended, or it was forged).
     * The visit is written with the next batch; the page does not wait for it.
     */
    async recordVisit(request: FastifyRequest, reply: FastifyReply, page: PageVisit | null): Promise<void> {
      if (request.method !== 'GET' || isCrawler(request.headers['user-agent'])) return;
      refreshIfOld();
      const mark = request.url.indexOf('?');
      const source = mark < 0 ? null : sourceOf(new URLSearchParams(request.url.slice(mark + 1)), directory);
      const isLanding = Boolean(page?.lander || page?.memberId);
      if (!source && !isLanding) return;
      const { site } = request;
      const now = deps.now();
      const known = visitorOf(request);
      const cookie: TrackingCookie = known
        ? { ...known, variants: { ...known.variants } }
        : {
            visitorId: randomUUID(),
            siteId: site.id,
            expiresAt: Math.floor(now.getTime() / 1000) + site.trackingCookieDays * 86_400,
            variants: {},
          };
      if (page?.lander && page.variant && !cookie.variants[page.lander]) cookie.variants[page.lander] = page.variant;
      const maxAge = cookie.expiresAt - Math.floor(now.getTime() / 1000);
      reply.setCookie(cookieName, deps.cookies.write(cookie), {
        path: '/',
        httpOnly: true,
        secure: deps.isSecure,
        sameSite: 'lax',
        maxAge,
      });
      const visit: BufferedVisit = {
        visitorId: cookie.visitorId,
        isNewVisitor: !known,
        visit: {
          siteId: site.id,
          day: dayIn(site.timeZone, now),
          ...(source ?? EMPTY_VISIT_SOURCE),
          lander: page?.lander ?? null,
          variant: page?.variant ?? null,
          landingMemberId: page?.memberId ?? null,
          referrerHost: referrerHostOf(request.headers.referer, request.hostname),
          country: deps.lookupCountry(request.ip),
          path: (mark < 0 ? request.url : request.url.slice(0, mark)).slice(0, 500),
          createdAt: now,
        },
      };
      await recorder.record(visit);
    },
    /**
     * The tracking values of SPEC section 3 from a visitor's first touch (network, ref, sub1 to sub3), for a signup
     * whose own address no longer carries them; null without a first touch on this site.
     */
    async firstTouchTracking(visitorId: string, siteId: number): Promise<Tracking | null> {
      await recorder.flush();
      const touch = await deps.repo.findFirstTouch(visitorId);
      if (!touch || touch.siteId !== siteId) return null;
      const tracking: Tracking = {};
      for (const key of ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const) {
        const value = touch[key];
        if (value) tracking[key] = value.slice(0, 200);
      }
      return tracking;
    },
    /** Writes the visits kept so far (closing the app). */
    flushVisits: () => recorder.flush(),
  };
}
export type VisitsService = ReturnType<typeof createVisitsService>;
