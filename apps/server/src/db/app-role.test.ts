// The app under a database role that owns nothing (DATABASE_OWNER_URL migrates as the owner): it works, and it cannot
// empty, change or unguard the audit log. PostgreSQL only (the embedded database has one role); CI's PostgreSQL pass runs it.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../test-support/test-app.ts';
import { createMember } from '../test-support/members.ts';
import { signedInStaff } from '../test-support/staff.ts';
import { dropDatabaseWhenFree } from '../test-support/databases.ts';
import type { TestApp } from '../test-support/test-app.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the app under a role that owns nothing (PostgreSQL)', () => {
  const suffix = randomUUID().slice(0, 8);
  const database = `app_role_${suffix}`;
  const ownerRole = `app_owner_${suffix}`;
  const appRole = `app_member_${suffix}`;
  const urlOf = (role: string) => {
    const url = new URL(serverUrl!);
    url.username = role;
    url.password = 'role-test-password';
    url.pathname = `/${database}`;
    return url.toString();
  };
  let admin: pg.Client;
  let app: TestApp;
  let asApp: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const role of [ownerRole, appRole])
      await admin.query(`create role ${role} login password 'role-test-password'`);
    await admin.query(`create database ${database} owner ${ownerRole}`);
    const config = testConfig({ databaseUrl: urlOf(appRole), databaseOwnerUrl: urlOf(ownerRole) });
    app = Object.assign(await buildApp(config, { serveWeb: false }), { appConfig: config }) as unknown as TestApp;
    await app.ready();
    asApp = new pg.Client({ connectionString: urlOf(appRole) });
    await asApp.connect();
  }, 120_000);

  afterAll(async () => {
    await asApp?.end();
    await app?.close();
    await dropDatabaseWhenFree(admin, database);
    for (const role of [appRole, ownerRole]) await admin.query(`drop role if exists ${role}`);
    await admin.end();
  });

  it('migrates as the owner and runs as the app role: members sign up and staff act, which the audit log records', async () => {
    const { rows: owners } = await asApp.query<{ owner: string }>(
      `select tableowner as owner from pg_tables where schemaname = 'public' and tablename = 'staff_audit_log'`,
    );
    expect(owners[0]!.owner).toBe(ownerRole);
    const member = await createMember(app);
    expect((await member.client.request({ url: '/api/user.php' })).json().user).toMatchObject({ id: member.user.id });
    const staff = await signedInStaff(app, 'admin');
    const banned = await staff.request({
      method: 'POST',
      url: `/api/admin/members/${member.user.id}/ban`,
      payload: { reason: 'scam_spam' },
    });
    expect(banned.statusCode).toBe(200);
    const { rows } = await asApp.query<{ count: number }>('select count(*)::int as count from staff_audit_log');
    expect(rows[0]!.count).toBeGreaterThan(0);
  });

  it('cannot truncate, change, delete from or alter the audit log', async () => {
    for (const statement of [
      'truncate staff_audit_log',
      'delete from staff_audit_log',
      `update staff_audit_log set action = 'forged'`,
      'alter table staff_audit_log disable trigger all',
      'drop table staff_audit_log',
    ]) {
      await expect(asApp.query(statement), statement).rejects.toMatchObject({ code: expect.stringMatching(/^42501$/) });
    }
  });
});
