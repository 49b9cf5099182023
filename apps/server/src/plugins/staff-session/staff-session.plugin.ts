// Staff sessions (docs/staff-console.md): their own table and their own cookie (`staff_sid`, HttpOnly, SameSite=Strict,
// path /api/admin), 8 hours absolute and 30 minutes idle; `request.staff`; and the authorization of every /api/admin/
// route by the one table ADMIN_ROUTE_ROLES (a route missing from it refuses to register), checked by `authorizeStaff`,
// the one hook each console area adds.
import fp from 'fastify-plugin';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Database } from '../../db/client.ts';
import { ADMIN_ROUTE_ROLES, STAFF_SESSION_HOURS, STAFF_SESSION_IDLE_MINUTES, type StaffRole } from '@app/contracts';
import { staffAccounts, staffSessions } from '../../db/schema/index.ts';
import { createToken, hashToken } from '../../lib/credentials.ts';
import { AppError } from '../../lib/http-errors.ts';

export const STAFF_SESSION_MS = STAFF_SESSION_HOURS * 60 * 60 * 1000;
export const STAFF_IDLE_MS = STAFF_SESSION_IDLE_MINUTES * 60 * 1000;
/** last_seen_at is written at most this often (idle tracking without a write per request). */
const TOUCH_AFTER_MS = 60 * 1000;
export const ADMIN_PREFIX = '/api/admin';

/** The signed-in staff member of a request. */
export type StaffMember = { id: number; email: string; name: string; role: StaffRole; sessionId: number };

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffMember | null;
  }
  interface FastifyInstance {
    /** New staff session for the account, cookie set on the reply. */
    startStaffSession: (request: FastifyRequest, reply: FastifyReply, staffId: number) => Promise<void>;
    /** Ends the request's staff session and clears the cookie. */
    endStaffSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The staff check of a console area's routes, by ADMIN_ROUTE_ROLES (a preValidation hook). */
    authorizeStaff: (request: FastifyRequest) => Promise<void>;
  }
}

export const staffSessionRequired = () => new AppError(401, 'staff_session_required');
export const staffRoleForbidden = () => new AppError(403, 'staff_role_forbidden');

/** The key of a route in ADMIN_ROUTE_ROLES: "METHOD /path" (HEAD goes with its GET). */
export function adminRouteKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/** The live session of `token` (not expired, not idle, its staff not disabled), its last-seen time kept fresh. */
async function findLiveSession(db: Database, token: string, at: Date) {
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      id: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      role: staffAccounts.role,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        gt(staffSessions.expiresAt, at),
        gt(staffSessions.lastSeenAt, new Date(at.getTime() - STAFF_IDLE_MS)),
        isNull(staffAccounts.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, row.sessionId));
  }
  return row;
}

/** Every /api/admin/ route has its rule in the table: none registers without one (docs/staff-console.md). */
function checkAdminRouteRule(route: RouteOptions): void {
  if (!route.url.startsWith(`${ADMIN_PREFIX}/`) || route.url === `${ADMIN_PREFIX}/*`) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    const key = adminRouteKey(method, route.url);
    if (!(key in ADMIN_ROUTE_ROLES))
      throw new Error(`${key} has no rule in ADMIN_ROUTE_ROLES (packages/contracts/src/admin.ts)`);
  }
}

export type StaffSessionPluginOptions = { publicUrl: string };

export const staffSessionPlugin = fp<StaffSessionPluginOptions>(
  async (app, { publicUrl }) => {
    const isSecure = publicUrl.startsWith('https://');
    // __Secure- makes the browser refuse the cookie unless it is Secure (path /api/admin rules out __Host-).
    const cookieName = isSecure ? '__Secure-staff_sid' : 'staff_sid';
    const cookieOptions = { path: ADMIN_PREFIX, httpOnly: true, secure: isSecure, sameSite: 'strict' as const };
    const now = () => app.clock.now();
    const loaded = new WeakSet<FastifyRequest>();

    app.decorateRequest('staff', null);

    async function loadStaff(request: FastifyRequest): Promise<StaffMember | null> {
      if (loaded.has(request)) return request.staff;
      loaded.add(request);
      const token = request.cookies[cookieName];
      if (!token) return null;
      const at = now();
      const row = await findLiveSession(app.db, token, at);
      if (!row) return null;
      request.staff = { id: row.id, email: row.email, name: row.name, role: row.role, sessionId: row.sessionId };
      return request.staff;
    }

    app.addHook('onRoute', checkAdminRouteRule);

    // The one check of a console area (each area plugin adds it as its preValidation hook): the route's rule in the
    // table; 401 without a staff session, 403 for a role without the right.
    app.decorate('authorizeStaff', async (request: FastifyRequest) => {
      const key = adminRouteKey(request.method, request.routeOptions.url ?? '');
      const roles = ADMIN_ROUTE_ROLES[key as keyof typeof ADMIN_ROUTE_ROLES] as readonly StaffRole[] | null | undefined;
      if (roles === null) return;
      const staff = await loadStaff(request);
      if (!staff) throw staffSessionRequired();
      if (!roles?.includes(staff.role)) throw staffRoleForbidden();
    });

    app.decorate('startStaffSession', async (request: FastifyRequest, reply: FastifyReply, staffId: number) => {
      const previous = request.cookies[cookieName];
      if (previous) await app.db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(previous)));
      const { token, tokenHash } = createToken();
      const at = now();
      await app.db.insert(staffSessions).values({
        staffId,
        tokenHash,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + STAFF_SESSION_MS),
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      });
      // A session cookie for the browser (no maxAge): closing it ends the console; the server bounds the rest.
      reply.setCookie(cookieName, token, cookieOptions);
      loaded.delete(request);
    });

    app.decorate('endStaffSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = request.cookies[cookieName];
      if (token) await app.db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
      request.staff = null;
      reply.clearCookie(cookieName, cookieOptions);
    });
  },
  { name: 'staff-session', dependencies: ['db', 'jobs'] },
);
