import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, clientHeaders } from '../../test-support/test-app.ts';
import { DEMO_LOGIN } from './demo-seed.plugin.ts';

describe('demo member', () => {
  it('is created on an empty development database, activated, with a name and country NL', async () => {
    const app = await buildTestApp({ env: 'development', logLevel: 'silent' });
    try {
      expect(app.demoLogin).toEqual(DEMO_LOGIN);
      const response = await app.inject({ method: 'POST', url: '/api/user.php', headers: clientHeaders, payload: DEMO_LOGIN });
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
      const app = await buildTestApp({ env, logLevel: 'silent' });
      try {
        expect(app.demoLogin).toBeNull();
        expect(await app.db.select().from(users)).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });
});
