// The job queue's schema (pg-boss, docs/jobs.md), installed or upgraded at migrate time by the role that migrates,
// so the app's role needs no DDL: it only reads and writes the queue's rows.
import { PgBoss, type Db as IDatabase } from 'pg-boss';

/** The schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = 'pgboss';

/** Installs pg-boss's schema, or migrates it to the installed release's version (pg-boss holds its own lock). */
export async function installJobSchema(db: IDatabase): Promise<void> {
  const boss = new PgBoss({
    db,
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/** What the app's role may do in the queue's schema: use it, read and write its rows, call its functions. */
export function jobSchemaGrants(quotedRole: string): string[] {
  return [
    `grant usage on schema ${JOB_SCHEMA} to ${quotedRole}`,
    `grant select, insert, update, delete on all tables in schema ${JOB_SCHEMA} to ${quotedRole}`,
    `grant usage, select, update on all sequences in schema ${JOB_SCHEMA} to ${quotedRole}`,
    `grant execute on all functions in schema ${JOB_SCHEMA} to ${quotedRole}`,
  ];
}
