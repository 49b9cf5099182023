// Login sessions in an HttpOnly cookie: `request.member`, the `requireMember` / `optionalMember` preHandlers, start and end.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { SESSION_MS, createSessionsService, type SessionsService } from './sessions.store.ts';

export type Member = { user: UserRow; sessionId: number };

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsService;
    /** preHandler: 403 `{ authentication_required: true }` for visitors; sets `request.member`. */
    requireMember: preHandlerAsyncHookHandler;
    /**
     * preHandler after `requireMember`: 403 `activation_required` for a member who has not confirmed the e-mail
     * address yet, on actions that reach another member (docs/unconfirmed-members.md).
     */
    requireConfirmedMember: preHandlerAsyncHookHandler;
    /** preHandler: sets `request.member` when a member is logged in, null otherwise. */
    optionalMember: preHandlerAsyncHookHandler;
    /** New session (new token) for the member, cookie set on the reply. */
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

export type SessionPluginOptions = { publicUrl: string };

export const authenticationRequired = () => new AppError(403, 'authentication_required');

/** Rate-limit key of the signed-in member (routes behind requireMember). */
export const memberRateKey = (request: FastifyRequest) => `user:${request.member?.user.id ?? 0}`;

export const sessionPlugin = fp<SessionPluginOptions>(
  async (app, { publicUrl }) => {
    const isSecure = publicUrl.startsWith('https://');
    // __Host- makes the browser refuse the cookie unless it is Secure, host-only and for path / (no subdomain can plant one).
    const cookieName = isSecure ? '__Host-sid' : 'sid';
    const cookieOptions = { path: '/', httpOnly: true, secure: isSecure, sameSite: 'lax' as const };
    const sessions = createSessionsService({ db: app.db, now: () => app.clock.now() });
    const loaded = new WeakSet<FastifyRequest>();

    const setCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: Math.floor(SESSION_MS / 1000) });
    const clearCookie = (reply: FastifyReply) => reply.clearCookie(cookieName, cookieOptions);

    async function loadMember(request: FastifyRequest, reply: FastifyReply): Promise<Member | null> {
      if (loaded.has(request)) return request.member;
      loaded.add(request);
      const token = request.cookies[cookieName];
      if (!token) return null;
      const resolved = await sessions.resolve(token);
      const user = resolved && (await sessions.findUser(resolved.session.userId));
      // A session on another site's account, or of an account pending deletion, does not count.
      // The cookie is left alone: a dead token grants nothing, and clearing it here would race with a
      // concurrent response (login, activation) that has just set a fresh token in the same browser.
      if (!resolved || !user || user.siteId !== request.site.id || user.status === 'deleted_pending') return null;
      if (resolved.isRenewed) setCookie(reply, token);
      request.member = { user, sessionId: resolved.session.id };
      return request.member;
    }

    app.decorate('sessions', sessions);
    app.decorateRequest('member', null);
    app.decorate('requireConfirmedMember', async function requireConfirmedMember(request: FastifyRequest) {
      if (request.member?.user.status !== 'active') throw new AppError(403, 'activation_required');
    });
    app.decorate('requireMember', async function requireMember(request: FastifyRequest, reply: FastifyReply) {
      if (!(await loadMember(request, reply))) throw authenticationRequired();
    });
    app.decorate('optionalMember', async function optionalMember(request: FastifyRequest, reply: FastifyReply) {
      await loadMember(request, reply);
    });
    app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
      // The browser's previous session (another login, or another member) ends: one live session per cookie.
      const previous = request.cookies[cookieName];
      if (previous) await sessions.endByToken(previous);
      const { token } = await sessions.create(userId, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setCookie(reply, token);
    });
    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const member = await loadMember(request, reply);
      if (member) await sessions.end(member.sessionId);
      request.member = null;
      clearCookie(reply);
    });
    app.decorate('clearSessionCookie', clearCookie);
  },
  { name: 'session', dependencies: ['db', 'site', 'jobs'] },
);
