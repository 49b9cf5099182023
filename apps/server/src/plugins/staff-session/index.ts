// Public entry of staff sessions: the plugin (`request.staff`, start and end), the route authorization by ADMIN_ROUTE_ROLES.
export {
  ADMIN_PREFIX,
  STAFF_IDLE_MS,
  STAFF_SESSION_MS,
  adminRouteKey,
  staffRoleForbidden,
  staffSessionPlugin,
  staffSessionRequired,
  type StaffMember,
  type StaffSessionPluginOptions,
} from './staff-session.plugin.ts';
export { deleteExpiredStaffSessions } from './expired-staff-sessions.ts';
export { endStaffSessionsOf } from './staff-sessions.ts';
