import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openMigratedDatabase, type DatabaseHandle } from '../../db/client.ts';
import { photos, profiles, users } from '../../db/schema/index.ts';
import { isPostgresTestDatabase } from '../../test-support/concurrency.ts';
import { buildTestApp, clientHeaders, resetDatabase, testConfig } from '../../test-support/test-app.ts';
import { DEMO_LOGIN } from './demo-seed.plugin.ts';

describe('demo member', () => {
  it('is created on an empty development database, activated, with a name and country NL', async () => {
    const app = await buildTestApp({ env: 'development', logLevel: 'silent' });
    try {
      expect(app.demoLogin).toEqual(DEMO_LOGIN);
      const response = await app.inject({
        method: 'POST',
        url: '/api/user.php',
        headers: clientHeaders,
        payload: DEMO_LOGIN,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({
        email: 'demo@example.com',
        status: 'active',
        profile: { name: 'Demo', country: 'NL', status: 'active' },
      });
    } finally {
      await app.close();
    }
  });

  it('is never created in production or test', async () => {
    for (const env of ['production', 'test'] as const) {
      await using app = await buildTestApp({ env, logLevel: 'silent' });
      expect(app.demoLogin).toBeNull();
      expect(await app.db.select().from(users)).toEqual([]);
    }
  });
});

describe.runIf(isPostgresTestDatabase)(
  'demo data with two instances starting together on one PostgreSQL database',
  () => {
    const handles: DatabaseHandle[] = [];
    let dataDir = '';
    afterAll(async () => {
      await Promise.all(handles.map((handle) => handle.close()));
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('seeds the demo login and the demo members once, under the migrations lock; the other instance waits, then skips, and leaves no file', async () => {
      // Two instances: each opens its own connection pool (and migrates under the lock), sharing one DATA_DIR.
      handles.push(
        ...(await Promise.all(
          [1, 2].map(() =>
            openMigratedDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDataDir: 'memory://' }),
          ),
        )),
      );
      await resetDatabase(handles[0]!.db);
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-seed-'));
      const config = testConfig({ env: 'development', logLevel: 'silent', dataDir, demoMemberCount: 12 });
      const apps = await Promise.all(handles.map((database) => buildApp(config, { database, serveWeb: false })));
      try {
        expect(apps.map((app) => app.demoLogin)).toEqual([DEMO_LOGIN, DEMO_LOGIN]);
        await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
        const db = handles[0]!.db;
        await expect.poll(async () => db.$count(profiles), { timeout: 60_000, interval: 200 }).toBe(13);
      } finally {
        // Closing waits for any seeding still under way, so the counts below are final.
        await Promise.all(apps.map((app) => app.close()));
      }
      const db = handles[0]!.db;
      expect(await db.$count(users, eq(users.email, DEMO_LOGIN.email))).toBe(1);
      expect(await db.$count(profiles)).toBe(13);
      const photoCount = await db.$count(photos);
      expect(photoCount).toBeGreaterThan(0);
      const files = (await fs.readdir(path.join(dataDir, 'uploads'), { recursive: true })).filter((name) =>
        name.endsWith('.jpg'),
      );
      // A full photo and a thumbnail per photo row: no files of a second, failed seeding.
      expect(files).toHaveLength(photoCount * 2);
    }, 120_000);
  },
);
