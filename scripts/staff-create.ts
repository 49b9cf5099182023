// npm run staff:create -- --email x@example.com --role admin [--name "Ann"] [--password "..."]
// npm run staff:create -- --email x@example.com --disable
// Creates (or disables) a staff account of the console (docs/staff-console.md) in the configured database
// (DATABASE_URL, else the PGlite data under DATA_DIR: stop the server first, PGlite takes one process) and prints the
// TOTP enrollment: the otpauth:// URI (paste it into an authenticator app or a QR generator) and the secret.
// Both are written to the audit log (actor: this script).
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@app/contracts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openMigratedDatabase } from '../apps/server/src/db/client.ts';
import { createStaffAccounts, recordAudit } from '../apps/server/src/modules/admin/index.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    disable: { type: 'boolean' },
  },
});
const usage = `usage: npm run staff:create -- --email <address> --role <${STAFF_ROLES.join('|')}> [--name <name>] [--password <password>]
       npm run staff:create -- --email <address> --disable`;
const email = values.email?.trim().toLowerCase();
const role = values.role as StaffRole | undefined;
if (
  !email ||
  !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ||
  (!values.disable && (!role || !STAFF_ROLES.includes(role)))
) {
  console.error(usage);
  process.exit(2);
}
if (values.password !== undefined && values.password.length < 12) {
  console.error('the password needs at least 12 characters');
  process.exit(2);
}
const password = values.password ?? randomBytes(12).toString('base64url');
const actor = { id: null, email: `script:staff-create (${userInfo().username})` };

const config = loadConfig();
const database = await openMigratedDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
try {
  const accounts = createStaffAccounts({ db: database.db, now: () => new Date() });
  const existing = await accounts.findByEmail(email);
  if (values.disable) {
    if (!existing) {
      console.error(`no staff account ${email}`);
      process.exitCode = 1;
    } else {
      await database.db.transaction(async (tx) => {
        await accounts.disable(existing.id, tx);
        await recordAudit(tx, actor, {
          action: 'staff.disable',
          targetType: 'staff',
          targetId: existing.id,
          before: { disabled: Boolean(existing.disabledAt) },
          after: { disabled: true },
        });
      });
      console.log(`staff account #${existing.id} ${email} disabled; its sessions ended`);
    }
  } else if (existing) {
    console.error(`a staff account ${email} exists already`);
    process.exitCode = 1;
  } else {
    const { account, secret, uri } = await accounts.create({
      email,
      name: values.name ?? email.split('@')[0]!,
      role: role!,
      password,
    });
    await recordAudit(database.db, actor, {
      action: 'staff.create',
      targetType: 'staff',
      targetId: account.id,
      after: { email: account.email, name: account.name, role: account.role },
    });
    console.log(`staff account #${account.id} ${account.email} (${account.role})`);
    if (values.password === undefined) console.log(`password: ${password}`);
    console.log(`TOTP secret: ${secret}`);
    console.log(`enroll: ${uri}`);
  }
} finally {
  await database.close();
}
