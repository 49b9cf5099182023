// Public entry of login sessions: the plugin (`request.member`, requireMember, startSession...), the member rate-limit key.
export { authenticationRequired, memberRateKey, sessionPlugin, type Member, type SessionPluginOptions } from './session.plugin.ts';
export { SESSION_DAYS, SESSION_MS, type SessionsService } from './sessions.store.ts';
