// One owner per table (docs/server-layout.md, "Tables and their owners"): every table of the app's schema belongs to
// one module or plugin, and only that owner's files write it (insert, update, delete; Drizzle or SQL). The demo seed
// is the one exception. `findForeignWrites()` reads the server's production source and lists every write by another
// owner; scripts/table-owners.test.ts fails on any.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, Table } from 'drizzle-orm';
import ts from 'typescript';
import * as schema from '../apps/server/src/db/schema/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRoot = path.join(root, 'apps/server/src');

/** The owner of each table: `modules/<name>` or `plugins/<name>`. */
export const TABLE_OWNERS: Record<string, string> = {
  account_tokens: 'modules/accounts',
  app_secrets: 'lib',
  blocks: 'modules/blocks',
  chat_inboxes: 'modules/chats',
  conversation_members: 'modules/chats',
  conversation_notifications: 'modules/notifications',
  conversations: 'modules/chats',
  credit_balances: 'modules/credits',
  credit_bundles: 'modules/payments',
  credit_ledger: 'modules/credits',
  data_exports: 'modules/data-export',
  dev_mailbox: 'plugins/mailer',
  direct_debit_blocks: 'modules/payments',
  direct_debit_requests: 'modules/payments',
  discount_code_uses: 'modules/payments',
  discount_codes: 'modules/payments',
  lander_experiments: 'modules/landers',
  likes: 'modules/likes',
  matches: 'modules/likes',
  member_restrictions: 'modules/admin',
  messages: 'modules/chats',
  notification_settings: 'modules/notifications',
  orders: 'modules/payments',
  outbox_events: 'plugins/outbox',
  page_bounces: 'modules/analytics',
  payment_customers: 'modules/payments',
  payment_webhooks: 'modules/payments',
  pending_messages: 'modules/chats',
  photo_reviews: 'modules/photos',
  photo_verifications: 'modules/photos',
  photos: 'modules/photos',
  profile_visits: 'modules/visitors',
  profiles: 'modules/profiles',
  push_subscriptions: 'modules/notifications',
  reports: 'modules/reports',
  safety_settings: 'modules/safety',
  member_risk: 'modules/safety',
  message_fingerprints: 'modules/safety',
  held_messages: 'modules/chats',
  photo_screenings: 'modules/safety',
  sandbox_payments: 'modules/payments',
  sessions: 'plugins/session',
  sites: 'plugins/site',
  sms_outbox: 'plugins/sms',
  staff_accounts: 'modules/admin',
  staff_audit_log: 'modules/admin',
  staff_sessions: 'plugins/staff-session',
  swipe_days: 'modules/swipe',
  swipes: 'modules/swipe',
  ticket_replies: 'modules/content',
  tickets: 'modules/content',
  traffic_daily: 'modules/traffic',
  traffic_events: 'modules/traffic',
  traffic_members: 'modules/traffic',
  traffic_networks: 'modules/traffic',
  traffic_postbacks: 'modules/traffic',
  traffic_visits: 'modules/traffic',
  users: 'modules/accounts',
};

/** Files allowed to write any table: the demo seed (it fills a fresh database as members would). */
export const SEED_FILES = /^modules\/dev\/demo-/;

/** The owner a server file belongs to: its module or plugin folder (or a plugin's single file), else its folder. */
export function ownerOf(file: string): string {
  const parts = file.split('/');
  if ((parts[0] === 'modules' || parts[0] === 'plugins') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  if (parts[0] === 'plugins') return `plugins/${parts[1]!.replace(/\.plugin\.ts$|\.ts$/, '')}`;
  return parts.length > 1 ? parts[0]! : 'root';
}

/** The SQL name of each table, by the name its Drizzle object is exported under. */
export function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const [name, value] of Object.entries(schema)) if (is(value, Table)) tables.set(name, getTableName(value));
  return tables;
}

function productionFiles(directory: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!['test-support', 'migrations', 'schema'].includes(entry.name)) found.push(...productionFiles(full));
    } else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) found.push(full);
  }
  return found;
}

export type TableWrite = { table: string; file: string; line: number; writer: string };

/**
 * SQL functions (migrations) that write tables, by the tables they write: calling one is a write of those tables.
 * `chat_send` (the chat's one-statement send) calls `credits_post_entry`, the ledger's one rule, inside the database.
 */
const SQL_FUNCTION_WRITES: Record<string, string[]> = {
  credits_post_entry: ['credit_ledger', 'credit_balances'],
  chat_send: ['messages', 'conversations', 'conversation_members', 'chat_inboxes'],
};
const SQL_FUNCTION_CALL = new RegExp(`\\b(${Object.keys(SQL_FUNCTION_WRITES).join('|')})\\s*\\(`, 'g');
const SQL_WRITE_BEFORE = /\b(?:insert\s+into|update|delete\s+from)\s*$/i;
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** Every write of a schema table in a file's source: Drizzle's insert/update/delete and SQL text. */
export function writesIn(file: string, text: string, tables: Map<string, string>): TableWrite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const sqlNames = new Set(tables.values());
  const writer = ownerOf(file);
  const found: TableWrite[] = [];
  const add = (table: string, node: ts.Node) =>
    found.push({ table, file, writer, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  // Table objects this file imports from the schema, under their local names.
  const imported = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/\/db\/schema(\/|\.ts|$)/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) {
        const table = tables.get((element.propertyName ?? element.name).text);
        if (table) imported.set(element.name.text, table);
      }
  }
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!)
    ) {
      const table = imported.get(node.arguments[0].text);
      if (table) add(table, node);
    }
    if (
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isStringLiteral(node)
    ) {
      for (const match of node.text.matchAll(SQL_WRITE)) if (sqlNames.has(match[1]!)) add(match[1]!, node);
      for (const match of node.text.matchAll(SQL_FUNCTION_CALL))
        for (const table of SQL_FUNCTION_WRITES[match[1]!]!) add(table, node);
    }
    // sql`insert into ${table} …`: the table object interpolated right after the verb.
    if (ts.isTemplateExpression(node)) {
      const texts = [node.head, ...node.templateSpans.map((span) => span.literal)];
      node.templateSpans.forEach((span, index) => {
        const table = ts.isIdentifier(span.expression) ? imported.get(span.expression.text) : undefined;
        if (table && SQL_WRITE_BEFORE.test(texts[index]!.text)) add(table, span);
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every table write of the server's production source, with the file relative to apps/server/src. */
export function findTableWrites(): TableWrite[] {
  const tables = schemaTables();
  return productionFiles(serverRoot).flatMap((absolute) =>
    writesIn(path.relative(serverRoot, absolute), fs.readFileSync(absolute, 'utf8'), tables),
  );
}

/** The writes by anyone but the table's owner (the seed excepted), and the tables no owner is declared for. */
export function findForeignWrites(): { foreign: (TableWrite & { owner: string })[]; unowned: string[] } {
  const writes = findTableWrites();
  const unowned = [...new Set(schemaTables().values())].filter((table) => !TABLE_OWNERS[table]).sort();
  const foreign = writes
    .filter((write) => !SEED_FILES.test(write.file))
    .map((write) => ({ ...write, owner: TABLE_OWNERS[write.table] ?? '(none)' }))
    .filter((write) => write.owner !== write.writer);
  return { foreign, unowned };
}

/** The staff console's files: only its repositories (`*.repository.ts`) import table objects from the schema. */
const ADMIN_DIRECTORY = path.join(serverRoot, 'modules/admin');
const ADMIN_REPOSITORY = /\.repository\.ts$/;

/** The schema tables a file imports as values (type imports do not count), by their SQL names. */
export function tableImportsIn(file: string, text: string, tables: Map<string, string>): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/\/db\/schema(\/|\.ts|$)/.test(statement.moduleSpecifier.text) || statement.importClause?.isTypeOnly) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) {
        const table = element.isTypeOnly ? undefined : tables.get((element.propertyName ?? element.name).text);
        if (table) found.push(table);
      }
  }
  return found;
}

/**
 * Where the staff console queries tables itself against the rule: a file of modules/admin other than its
 * repositories importing a table, or a repository importing a table the console does not own. Other modules' tables
 * are read through their owners' `index.ts` (docs/staff-console.md, "Module boundaries").
 */
export function findAdminTableImports(): string[] {
  const tables = schemaTables();
  return productionFiles(ADMIN_DIRECTORY).flatMap((absolute) => {
    const file = path.relative(serverRoot, absolute);
    const imported = tableImportsIn(file, fs.readFileSync(absolute, 'utf8'), tables);
    if (!ADMIN_REPOSITORY.test(file)) return imported.map((table) => `${file} imports the table ${table}`);
    return imported
      .filter((table) => TABLE_OWNERS[table] !== 'modules/admin')
      .map((table) => `${file} queries ${table}, owned by ${TABLE_OWNERS[table] ?? '(none)'}`);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const writes = findTableWrites().filter((write) => !SEED_FILES.test(write.file));
  const byTable = new Map<string, Map<string, string[]>>();
  for (const write of writes) {
    const writers = byTable.get(write.table) ?? new Map<string, string[]>();
    writers.set(write.writer, [...(writers.get(write.writer) ?? []), `${write.file}:${write.line}`]);
    byTable.set(write.table, writers);
  }
  for (const table of [...schemaTables().values()].sort()) {
    const writers = byTable.get(table);
    console.log(
      `${table}: ${writers ? [...writers.entries()].map(([writer, at]) => `${writer} (${at.length})`).join(', ') : '(no writer)'}`,
    );
    if (process.argv.includes('--list') && writers && writers.size > 1)
      for (const [writer, at] of writers) console.log(`    ${writer}: ${at.join(' ')}`);
  }
}
