// The staff console's services, built once in services.ts from their dependencies.
import type { Database } from '../../db/client.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import type { SessionsService } from '../../plugins/session/index.ts';
import type { MembersRepository } from '../member-core/index.ts';
import type { RefundsService } from '../payments/index.ts';
import type { PhotoSafety, PhotosService, VerificationService } from '../photos/index.ts';
import { createAdminMemberActionsService } from './member-actions.service.ts';
import { createAdminMemberHistoryService } from './member-history.service.ts';
import { createAdminMembersService } from './members.service.ts';
import { createPhotoModeration } from './photo-moderation.ts';
import { createAdminPhotoQueueService } from './photo-queue.service.ts';
import { createAdminRiskService } from './risk-queue.service.ts';
import type { ChatsService } from '../chats/index.ts';
import type { RiskService } from '../safety/index.ts';
import { createAdminReportsService } from './reports.service.ts';
import { createAdminVerificationsService } from './verifications.service.ts';
import { createAdminAuditLogService } from './audit-log.service.ts';
import { createAdminDashboardService } from './dashboard.service.ts';
import { createAdminOrdersService } from './orders.service.ts';
import { createAdminTicketsService } from './tickets.service.ts';
import { createAdminSitesService } from './sites.service.ts';
import { createStaffAccounts } from './staff-accounts.ts';
import { createStaffLoginService } from './staff-login.service.ts';

export function createAdminService(deps: {
  db: Database;
  cursors: CursorCodec;
  sessions: Pick<SessionsService, 'endAllOfUser'>;
  outbox: Pick<Outbox, 'transaction'>;
  members: Pick<MembersRepository, 'findRelatedProfiles'>;
  photos: Pick<PhotosService, 'remove'>;
  /** Approving a photo held for review makes it public again (docs/safety.md). */
  photoSafety: Pick<PhotoSafety, 'release'>;
  /** The Risk queue (docs/safety.md, "Risk"). */
  risk: Pick<RiskService, 'listQueue' | 'clear' | 'markWarned' | 'findRisk'>;
  chats: Pick<ChatsService, 'decideHeldSends'>;
  verification: Pick<VerificationService, 'listPending' | 'pendingSelfieKey' | 'decide'>;
  refunds: Pick<RefundsService, 'refund'>;
  mailer: Pick<Mailer, 'sendRendered'>;
  now: () => Date;
}) {
  const memberActions = createAdminMemberActionsService(deps);
  const staff = createStaffAccounts(deps);
  const photoModeration = createPhotoModeration(deps);
  return {
    staff,
    login: createStaffLoginService({ db: deps.db, staff }),
    members: createAdminMembersService(deps),
    memberHistory: createAdminMemberHistoryService(deps),
    memberActions,
    reports: createAdminReportsService({ ...deps, members: memberActions, photoModeration }),
    photoQueue: createAdminPhotoQueueService({ ...deps, photoModeration }),
    verifications: createAdminVerificationsService(deps),
    risk: createAdminRiskService(deps),
    tickets: createAdminTicketsService(deps),
    orders: createAdminOrdersService(deps),
    dashboard: createAdminDashboardService(deps),
    auditLog: createAdminAuditLogService(deps),
    sites: createAdminSitesService(deps),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
