// Throw-away PostgreSQL databases of tests that need a database of their own.
import type pg from 'pg';

/**
 * Drops `database`, waiting while connections still close: a pool closes its sockets a moment after `end()` resolves,
 * and a forced drop would kill them mid-goodbye. Other errors, or one still in use after 5 s, are thrown.
 */
export async function dropDatabaseWhenFree(admin: pg.Client, database: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`drop database if exists ${database}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
