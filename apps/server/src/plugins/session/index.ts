// Public entry of login sessions: the plugin (`request.member`, requireMember, startSession...), the member view, the member rate-limit key.
export {
  authenticationRequired,
  memberRateKey,
  sessionPlugin,
  type Member,
  type SessionPluginOptions,
} from './session.plugin.ts';
export { SESSION_DAYS, SESSION_MS, type SessionsService } from './sessions.store.ts';
export { MEMBER_VIEW_TTL_MS, type MemberAccount, type MemberEvents, type MemberView } from './member-view.ts';
export { deleteExpiredSessions, expiredSessionsBatch } from './expired-sessions.ts';
export { listLiveSessions, listSessionIds } from './session-staff-reads.ts';
