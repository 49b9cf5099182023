// What must hold in any copy of the database the app can start on: the checks a restore is verified with
// (`npm run db:check`, `npm run restore`; docs/operations.md, "Restore"). Each check reads the whole database in one
// read-only snapshot, so it can run beside a live site and never reports a write that is half-seen.
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';

export type InvariantCheck = {
  name: string;
  /** What holds when the check passes. */
  rule: string;
  /** How many rows (members, orders, messages, conversations, foreign keys) the rule was checked on. */
  checked: number;
  /** One line per row that breaks the rule (at most PROBLEMS_SHOWN), empty when it holds. */
  problems: string[];
  /** All rows that break the rule, also those not listed. */
  problemCount: number;
};

/** Rows listed per broken rule; the count says how many there are. */
const PROBLEMS_SHOWN = 20;

type Row = Record<string, unknown>;

async function rows<T extends Row>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

async function count(executor: Executor, query: SQL): Promise<number> {
  const [row] = await rows<{ count: number | string }>(executor, query);
  return Number(row?.count ?? 0);
}

/** A rule: how many rows it covers, and the rows that break it (a `select` whose rows each name one problem). */
async function check(
  executor: Executor,
  name: string,
  rule: string,
  checked: SQL,
  broken: SQL,
  describe: (row: Row) => string,
): Promise<InvariantCheck> {
  const problemCount = await count(executor, sql`select count(*)::int as count from (${broken}) as broken`);
  const problems = problemCount
    ? (await rows(executor, sql`select * from (${broken}) as broken limit ${PROBLEMS_SHOWN}`)).map(describe)
    : [];
  return { name, rule, checked: await count(executor, checked), problems, problemCount };
}

/** Every foreign key of the public schema, its columns on both sides, and whether PostgreSQL validated it. */
type ForeignKey = { name: string; child: string; parent: string; childColumns: string[]; parentColumns: string[] };

async function foreignKeys(executor: Executor): Promise<(ForeignKey & { isValidated: boolean })[]> {
  const found = await rows<{
    name: string;
    child: string;
    parent: string;
    child_columns: string[];
    parent_columns: string[];
    is_validated: boolean;
  }>(
    executor,
    sql`select con.conname as name, con.conrelid::regclass::text as child, con.confrelid::regclass::text as parent,
          array(select quote_ident(a.attname) from unnest(con.conkey) with ordinality as k(attnum, n)
                join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.n) as child_columns,
          array(select quote_ident(a.attname) from unnest(con.confkey) with ordinality as k(attnum, n)
                join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.n) as parent_columns,
          con.convalidated as is_validated
        from pg_constraint con
        where con.contype = 'f' and con.connamespace = 'public'::regnamespace
        order by 2, 1`,
  );
  return found.map((row) => ({
    name: row.name,
    child: row.child,
    parent: row.parent,
    childColumns: row.child_columns,
    parentColumns: row.parent_columns,
    isValidated: row.is_validated,
  }));
}

/** Rows that point at nothing: a child row whose foreign key columns are all set and match no parent row. */
function orphansOf(key: ForeignKey): SQL {
  const matches = key.childColumns.map((column, index) => `p.${key.parentColumns[index]} = c.${column}`).join(' and ');
  const isSet = key.childColumns.map((column) => `c.${column} is not null`).join(' and ');
  return sql.raw(
    `select count(*)::int as count from ${key.child} c where ${isSet} and not exists (select 1 from ${key.parent} p where ${matches})`,
  );
}

/** The credits: balances against the ledger, paid orders credited once, purchase entries against their orders. */
async function checkCredits(tx: Executor): Promise<InvariantCheck[]> {
  const checks: InvariantCheck[] = [];
  const ledgerTotals = sql`select user_id, sum(amount)::bigint as total from credit_ledger where user_id is not null group by user_id`;
  checks.push(
    await check(
      tx,
      'balances',
      "every member's balance is the sum of their ledger entries",
      sql`select count(*)::int as count from credit_balances b full join (${ledgerTotals}) l on l.user_id = b.user_id`,
      sql`select coalesce(b.user_id, l.user_id) as user_id, coalesce(b.balance, 0) as balance, coalesce(l.total, 0)::bigint as ledger
          from credit_balances b full join (${ledgerTotals}) l on l.user_id = b.user_id
          where coalesce(b.balance, 0) <> coalesce(l.total, 0)`,
      (row) => `member ${row.user_id}: balance ${row.balance}, ledger sum ${row.ledger}`,
    ),
  );

  checks.push(
    await check(
      tx,
      'paid orders',
      'every paid order is credited exactly once, with its credits (ledger key order:<id>)',
      sql`select count(*)::int as count from orders where status = 'paid' and user_id is not null`,
      sql`select o.id, o.credits, count(l.id)::int as entries, coalesce(sum(l.amount), 0)::bigint as amount
          from orders o left join credit_ledger l on l.idempotency_key = 'order:' || o.id
          where o.status = 'paid' and o.user_id is not null
          group by o.id, o.credits
          having count(l.id) <> 1 or coalesce(sum(l.amount), 0) <> o.credits`,
      (row) => `order ${row.id}: ${row.entries} purchase entries for ${row.amount} credits, paid for ${row.credits}`,
    ),
  );

  checks.push(
    await check(
      tx,
      'purchases',
      'every purchase entry credits an order that exists and is paid; every entry naming an order names one that exists',
      sql`select count(*)::int as count from credit_ledger where idempotency_key like 'order:%' or reference like 'order:%'`,
      sql`select l.id, l.idempotency_key, l.reference, o.status
          from credit_ledger l
          left join orders o on o.id::text = split_part(
            case when l.idempotency_key like 'order:%' then l.idempotency_key else l.reference end, ':', 2)
          where (l.idempotency_key like 'order:%' and (o.id is null or o.status <> 'paid'))
             or (l.reference like 'order:%' and o.id is null)`,
      (row) => `ledger entry ${row.id} (${row.idempotency_key}, ${row.reference}): order ${row.status ?? 'missing'}`,
    ),
  );
  return checks;
}

/** Paid messages debited once, message debits with their messages, conversations' sequence numbers. */
async function checkMessages(tx: Executor): Promise<InvariantCheck[]> {
  const checks: InvariantCheck[] = [];
  const paidSendKey = sql`'chat:' || m.sender_profile_id || ':' || m.client_id`;
  checks.push(
    await check(
      tx,
      'paid messages',
      'every paid message is debited exactly once, by its cost (ledger key chat:<sender>:<client id>)',
      sql`select count(*)::int as count from messages m where m.cost > 0 and m.sender_profile_id is not null and m.client_id is not null`,
      sql`select m.id, m.cost, count(l.id)::int as entries, coalesce(sum(l.amount), 0)::bigint as amount
          from messages m left join credit_ledger l on l.idempotency_key = ${paidSendKey}
          where m.cost > 0 and m.sender_profile_id is not null and m.client_id is not null
          group by m.id, m.cost
          having count(l.id) <> 1 or coalesce(sum(l.amount), 0) <> -m.cost`,
      (row) => `message ${row.id}: ${row.entries} debits of ${row.amount} for a cost of ${row.cost}`,
    ),
  );

  checks.push(
    await check(
      tx,
      'message debits',
      "every message debit of a member whose profile still exists has its message (the sender's client id)",
      sql`select count(*)::int as count from credit_ledger where idempotency_key like 'chat:%' and user_id is not null`,
      sql`select l.id, l.idempotency_key
          from credit_ledger l
          join profiles p on p.id::text = split_part(l.idempotency_key, ':', 2)
          left join messages m on m.sender_profile_id = p.id and ${paidSendKey} = l.idempotency_key
          where l.idempotency_key like 'chat:%' and l.user_id is not null and m.id is null`,
      (row) => `ledger entry ${row.id} (${row.idempotency_key}): no such message`,
    ),
  );

  checks.push(
    await check(
      tx,
      'conversations',
      "every conversation's last sequence number is its number of messages and its newest message's",
      sql`select count(*)::int as count from conversations`,
      sql`select c.id, c.last_seq, count(m.id)::int as messages, coalesce(max(m.seq), 0) as newest
          from conversations c left join messages m on m.conversation_id = c.id
          group by c.id, c.last_seq
          having c.last_seq <> count(m.id) or c.last_seq <> coalesce(max(m.seq), 0)`,
      (row) => `conversation ${row.id}: last_seq ${row.last_seq}, ${row.messages} messages, newest seq ${row.newest}`,
    ),
  );
  return checks;
}

/** No orphan rows: every foreign key is there, validated, and every row's key names a row that exists. */
async function checkOrphans(tx: Executor): Promise<InvariantCheck> {
  const keys = await foreignKeys(tx);
  const orphanProblems: string[] = [];
  let orphanCount = 0;
  for (const key of keys) {
    const orphans = await count(tx, orphansOf(key));
    if (!key.isValidated) orphanProblems.push(`${key.name} on ${key.child} is not validated`);
    if (orphans) orphanProblems.push(`${key.child}: ${orphans} rows name no ${key.parent} (${key.name})`);
    orphanCount += orphans + (key.isValidated ? 0 : 1);
  }
  return {
    name: 'orphans',
    rule: 'every foreign key is validated and every row names a row that exists',
    checked: keys.length,
    problems: orphanProblems.slice(0, PROBLEMS_SHOWN),
    problemCount: orphanCount,
  };
}

/** The checks, in one read-only snapshot of `db`. */
export async function checkInvariants(db: Database): Promise<InvariantCheck[]> {
  return db.transaction(async (tx) => {
    // The first statement of the transaction: every later read sees the database as it was at this one moment.
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    return [...(await checkCredits(tx)), ...(await checkMessages(tx)), await checkOrphans(tx)];
  });
}

/** The checks as lines for a person: each rule, what it covered, and what breaks it. */
export function formatInvariants(checks: InvariantCheck[]): string {
  const lines: string[] = [];
  for (const item of checks) {
    const status = item.problemCount ? `BROKEN (${item.problemCount})` : 'ok';
    lines.push(`${status.padEnd(12)} ${item.name}: ${item.rule} (${item.checked} checked)`);
    for (const problem of item.problems) lines.push(`             - ${problem}`);
    if (item.problemCount > item.problems.length)
      lines.push(`             - and ${item.problemCount - item.problems.length} more`);
  }
  return lines.join('\n');
}

export const invariantsHold = (checks: InvariantCheck[]) => checks.every((item) => item.problemCount === 0);
