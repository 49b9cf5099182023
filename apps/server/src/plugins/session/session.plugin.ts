// Login sessions in an HttpOnly cookie: `request.member`, the `requireMember` / `optionalMember` preHandlers, start and end.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberRestrictions } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/credentials.ts';
import { AppError } from '../../lib/http-errors.ts';
import { isRestrictionActive } from '../../lib/member-restrictions.ts';
import { createMemberViews, type MemberAccount, type MemberEvents, type MemberView } from './member-view.ts';
import { SESSION_MS, createSessionsService, type SessionsService } from './sessions.store.ts';

/** The logged-in member of a request: the account (no secrets), the session, and the whole member view. */
export type Member = { user: MemberAccount; sessionId: number; view: MemberView };

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsService;
    /** Tell every instance that a member's view changed or their sessions ended (after the change committed). */
    memberEvents: MemberEvents;
    /** Reads the request's member view again from the database (after the request changed it). */
    refreshMember: (request: FastifyRequest) => Promise<Member>;
    /** preHandler: 403 `{ authentication_required: true }` for visitors; sets `request.member`. */
    requireMember: preHandlerAsyncHookHandler;
    /**
     * preHandler after `requireMember`: 403 `activation_required` for a member who has not confirmed the e-mail
     * address yet, on actions that reach another member (docs/unconfirmed-members.md).
     */
    requireConfirmedMember: preHandlerAsyncHookHandler;
    /** preHandler: sets `request.member` when a member is logged in, null otherwise. */
    optionalMember: preHandlerAsyncHookHandler;
    /** New session (new token) for the member, cookie set on the reply; `request.member` is that member afterwards. */
    startSession: (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<void>;
    /** Ends the request's session, if any, and clears the cookie. */
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
  interface FastifyRequest {
    /** The logged-in member, after `requireMember` or `optionalMember` ran. */
    member: Member | null;
  }
}

export type SessionPluginOptions = { publicUrl: string; memberViewCacheSize?: number };

export const authenticationRequired = () => new AppError(403, 'authentication_required');

/** Rate-limit key of the signed-in member (routes behind requireMember). */
export const memberRateKey = (request: FastifyRequest) => `user:${request.member?.user.id ?? 0}`;

/** The member views of this instance, told of changes delivered by the outbox, closed with the app. */
function startMemberViews(app: FastifyInstance, cacheSize: number | undefined) {
  const views = createMemberViews({
    db: app.db,
    bus: app.bus,
    cacheSize,
    now: () => app.clock.now(),
    onError: (err, context) => app.log.error({ err }, context),
  });
  // Recorded in a transaction through `app.outbox` (effects.emit), delivered after its commit.
  const stopDelivering = [
    app.outbox.onDelivery('member.changed', (payload) => views.deliver('member.changed', payload)),
    app.outbox.onDelivery('session.revoked', (payload) => views.deliver('session.revoked', payload)),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stopDelivering) stop();
    views.close();
  });
  return views;
}

/** A banned or suspended member gets no session, whichever way they sign in (docs/staff-console.md). */
async function assertNotRestricted(db: Database, userId: number, now: Date): Promise<void> {
  const [restriction] = await db.select().from(memberRestrictions).where(eq(memberRestrictions.userId, userId));
  if (restriction && isRestrictionActive(restriction, now)) {
    throw new AppError(
      403,
      'account_banned',
      restriction.until
        ? { reason: restriction.reason, until: restriction.until.toISOString() }
        : { reason: restriction.reason },
    );
  }
}

/** The routes' guards: a confirmed member, a member, or anyone (the member loaded when there is one). */
function decorateGuards(
  app: FastifyInstance,
  loadMember: (request: FastifyRequest, reply: FastifyReply) => Promise<Member | null>,
) {
  app.decorate('requireConfirmedMember', async function requireConfirmedMember(request: FastifyRequest) {
    if (request.member?.user.status !== 'active') throw new AppError(403, 'activation_required');
  });
  app.decorate('requireMember', async function requireMember(request: FastifyRequest, reply: FastifyReply) {
    if (!(await loadMember(request, reply))) throw authenticationRequired();
  });
  app.decorate('optionalMember', async function optionalMember(request: FastifyRequest, reply: FastifyReply) {
    await loadMember(request, reply);
  });
}

export const sessionPlugin = fp<SessionPluginOptions>(
  async (app, { publicUrl, memberViewCacheSize }) => {
    const isSecure = publicUrl.startsWith('https://');
    // __Host- makes the browser refuse the cookie unless it is Secure, host-only and for path / (no subdomain can plant one).
    const cookieName = isSecure ? '__Host-sid' : 'sid';
    const cookieOptions = { path: '/', httpOnly: true, secure: isSecure, sameSite: 'lax' as const };
    const sessions = createSessionsService({ db: app.db, now: () => app.clock.now() });
    const views = startMemberViews(app, memberViewCacheSize);
    const loaded = new WeakSet<FastifyRequest>();
    /** The token hash a request's member was resolved from (the new one after a login in that request). */
    const tokenOf = new WeakMap<FastifyRequest, string>();

    const setCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: Math.floor(SESSION_MS / 1000) });
    const clearCookie = (reply: FastifyReply) => reply.clearCookie(cookieName, cookieOptions);

    async function resolveMember(request: FastifyRequest, tokenHash: string, options: { fresh?: boolean } = {}) {
      const resolved = await views.resolve(tokenHash, options);
      const view = resolved?.view;
      // A session on another site's account, or of an account pending deletion, does not count.
      if (!resolved || !view || view.user.siteId !== request.site.id || view.user.status === 'deleted_pending')
        return null;
      request.member = { user: view.user, sessionId: view.sessionId, view };
      return { member: request.member, isRenewed: resolved.isRenewed };
    }

    async function loadMember(request: FastifyRequest, reply: FastifyReply): Promise<Member | null> {
      if (loaded.has(request)) return request.member;
      loaded.add(request);
      const token = request.cookies[cookieName];
      if (!token) return null;
      const tokenHash = hashToken(token);
      tokenOf.set(request, tokenHash);
      // The cookie of a dead token is left alone: it grants nothing, and clearing it here would race with a
      // concurrent response (login, activation) that has just set a fresh token in the same browser.
      const resolved = await resolveMember(request, tokenHash);
      if (resolved?.isRenewed) setCookie(reply, token);
      return resolved?.member ?? null;
    }

    app.decorate('sessions', sessions);
    app.decorate('memberEvents', views.events);
    app.decorate('refreshMember', async (request: FastifyRequest) => {
      const tokenHash = tokenOf.get(request);
      const resolved = tokenHash && (await resolveMember(request, tokenHash, { fresh: true }));
      if (!resolved) throw authenticationRequired();
      return resolved.member;
    });
    app.decorateRequest('member', null);
    decorateGuards(app, loadMember);
    app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
      await assertNotRestricted(app.db, userId, app.clock.now());
      // The browser's previous session (another login, or another member) ends: one live session per cookie.
      const previous = request.cookies[cookieName];
      if (previous)
        await app.outbox.transaction(async (tx, effects) => {
          const previousUserId = await sessions.endByToken(previous, tx);
          if (previousUserId !== undefined) await effects.emit('session.revoked', { userId: previousUserId });
        });
      const { token } = await sessions.create(userId, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setCookie(reply, token);
      loaded.add(request);
      tokenOf.set(request, hashToken(token));
      if (!(await resolveMember(request, hashToken(token), { fresh: true }))) request.member = null;
    });
    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const member = await loadMember(request, reply);
      if (member)
        await app.outbox.transaction(async (tx, effects) => {
          await sessions.end(member.sessionId, tx);
          await effects.emit('session.revoked', { userId: member.user.id });
        });
      request.member = null;
      clearCookie(reply);
    });
    app.decorate('clearSessionCookie', clearCookie);
  },
  { name: 'session', dependencies: ['db', 'site', 'jobs', 'bus', 'outbox'] },
);
