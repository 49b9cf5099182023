// Public entry of the staff console's server side: its services (for the composition root), its one plugin (routes and bus
// subscription, registered under /api), staff accounts.
export { createAdminService, type AdminService } from './admin.service.ts';
export { adminPlugin } from './admin.plugin.ts';
export { createStaffAccounts, totpUri, type StaffAccounts } from './staff-accounts.ts';
export { DEMO_STAFF, demoStaffPlugin, ensureDemoStaff } from './demo-staff.ts';
export { recordAudit, type AuditActor } from './audit.repository.ts';
export { siteInputOf } from './sites.service.ts';
