// Drizzle queries of GDPR exports, by use case: the requests themselves, and everything a member's export holds (their
// account, their activity). Every read of member data goes by an indexed column (user id, profile id, sender profile id).
import type { Executor } from '../../db/client.ts';
import { createExportAccountRepository } from './export-account.repository.ts';
import { createExportActivityRepository } from './export-activity.repository.ts';
import { createExportRequestsRepository } from './export-requests.repository.ts';

export function createDataExportRepository(db: Executor) {
  return {
    ...createExportRequestsRepository(db),
    ...createExportAccountRepository(db),
    ...createExportActivityRepository(db),
  };
}
export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
