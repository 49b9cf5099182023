// What the data export's services are built from (each takes only the part it uses).
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import { type FileStorage } from '../../plugins/storage/index.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { DataExportRepository } from './data-export.repository.ts';

export type DataExportDeps = {
  db: Database;
  repo: DataExportRepository;
  storage: FileStorage;
  jobs: JobQueue;
  mailer: Mailer;
  /** HMAC key of the mailed links (app_secrets `data-export-signing`). */
  signingKey: Buffer;
  now: () => Date;
  onError?: (error: unknown, context: string) => void;
};
