import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openMigratedDatabase, type DatabaseHandle } from './client.ts';

// Only meaningful on PostgreSQL, where several app instances can start against one database.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('openDatabase on PostgreSQL', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
  });

  it('lets instances that start together migrate one at a time, without failing', async () => {
    const opened = await Promise.all(
      [1, 2, 3].map(() =>
        openMigratedDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDataDir: 'memory://' }),
      ),
    );
    handles.push(...opened);
    for (const handle of opened) {
      const result = (await handle.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(result.rows[0]!.n).toBeGreaterThan(0);
    }
  });
});
