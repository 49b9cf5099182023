// A streaming replica of PostgreSQL for reads that tolerate a second of lag (DATABASE_REPLICA_URL, docs/read-replicas.md):
// its own pool and Drizzle, and a watch of how far behind the primary it is.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import type { Database } from './client.ts';
import { nameStatements } from './named-statements.ts';

export type Replica = {
  db: Database;
  /** Whether the replica has replayed everything the primary had written `maxLagMs` ago (checked every `checkMs`). */
  isCurrent(): boolean;
  close(): Promise<void>;
};

/** A WAL position (`16/B374D848`) as a number of bytes (exact below 2^53: 8 PB of WAL). */
export function lsnToNumber(lsn: string): number {
  const [high, low] = lsn.split('/');
  return parseInt(high!, 16) * 2 ** 32 + parseInt(low!, 16);
}

/**
 * Every `checkMs` the primary's WAL position is noted with its time, and the replica's replayed position read; the
 * replica is current while it has replayed the position the primary had `maxLagMs` ago. A replica that cannot be
 * asked, or is paused, stops being current after `maxLagMs`, and every read goes to the primary meanwhile.
 */
export function openReplica(options: {
  replicaUrl: string;
  primary: pg.Pool;
  maxLagMs: number;
  checkMs?: number;
  onError: (error: unknown) => void;
}): Replica {
  const { maxLagMs, checkMs = 250 } = options;
  const pool = new pg.Pool({ connectionString: options.replicaUrl, max: 10 });
  pool.on('error', options.onError);
  nameStatements(pool);
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  /** The primary's positions, oldest first, as far back as maxLagMs and one more. */
  const samples: { at: number; lsn: number }[] = [];
  let replayed = -1;
  let isChecking = false;
  const check = async () => {
    if (isChecking) return;
    isChecking = true;
    try {
      const { rows } = await options.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const at = Date.now();
      samples.push({ at, lsn: lsnToNumber(rows[0]!.lsn) });
      while (samples.length > 1 && samples[1]!.at <= at - maxLagMs) samples.shift();
      const replica = await pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
      replayed = replica.rows[0]?.lsn ? lsnToNumber(replica.rows[0].lsn) : -1;
    } catch (error) {
      replayed = -1;
      options.onError(error);
    } finally {
      isChecking = false;
    }
  };
  const timer = setInterval(() => void check(), checkMs);
  timer.unref();
  void check();
  return {
    db,
    isCurrent() {
      const now = Date.now();
      // The newest position the primary had at least maxLagMs ago; before the watch has one, nothing is current.
      const due = samples.findLast((sample) => sample.at <= now - maxLagMs);
      return due !== undefined && replayed >= due.lsn;
    },
    async close() {
      clearInterval(timer);
      await pool.end();
    },
  };
}
