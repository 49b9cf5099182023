// Public entry of accounts: the service and repository (for the composition root and demo data), password hashing, purge job.
export { createAccountsRepository, type AccountsRepository } from './accounts.repository.ts';
export { PURGE_JOB, createAccountsService, type AccountsService } from './accounts.service.ts';
export { hashPassword, serializeRequestForLog } from '../../lib/credentials.ts';
export {
  addNotificationsDisabled,
  clearNotificationsDisabled,
  findAccountContact,
  lockAccount,
  markPremium,
  type AccountContact,
} from './member-account.ts';
export {
  countAccountsByDay,
  findStaffMember,
  searchStaffMembers,
  type StaffMemberMatch,
  type StaffMemberRow,
  type StaffMemberSummaryRow,
} from './member-staff-reads.ts';
