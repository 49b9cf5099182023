import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PAGE_SIZE } from '@app/contracts';
import { conversationMembers, conversations } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertProfiles } from '../../test-support/members.ts';
import { createChatsRepository } from './chats.repository.ts';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describe('chat query plans', () => {
  let app: TestApp;
  let conversationId: number;
  let memberId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    const [a, b] = await insertProfiles(app, [{ name: 'a' }, { name: 'b' }]);
    memberId = a!.id;
    const [conversation] = await app.db
      .insert(conversations)
      .values({ profileLowId: a!.id, profileHighId: b!.id, startedByProfileId: a!.id, lastSeq: 100_000 })
      .returning();
    conversationId = conversation!.id;
    await app.db.insert(conversationMembers).values([
      { conversationId, profileId: a!.id, partnerProfileId: b!.id },
      { conversationId, profileId: b!.id, partnerProfileId: a!.id },
    ]);
    await app.db.execute(sql`
      insert into messages (conversation_id, seq, sender_profile_id, client_id, kind, body, created_at)
      select ${conversationId}, n, case when n % 2 = 0 then ${a!.id}::int else ${b!.id}::int end, 'c' || n, 'text', 'message ' || n, now() - (100000 - n) * interval '1 second'
      from generate_series(1, 100000) as n`);
    // The member has 1,000 conversations (one real one and 999 with other profiles).
    const others = await insertProfiles(
      app,
      Array.from({ length: 999 }, (_, index) => ({ name: `other${index}` })),
    );
    const made = await app.db
      .insert(conversations)
      .values(others.map((other) => ({ profileLowId: a!.id, profileHighId: other.id, startedByProfileId: a!.id })))
      .returning({ id: conversations.id, high: conversations.profileHighId });
    await app.db
      .insert(conversationMembers)
      .values(made.map((row) => ({ conversationId: row.id, profileId: a!.id, partnerProfileId: row.high })));
    await app.db.execute(sql`analyze messages`);
    await app.db.execute(sql`analyze conversations`);
    await app.db.execute(sql`analyze conversation_members`);
  }, 120_000);
  afterAll(() => app.close());

  async function analyze(query: SQLWrapper, executor: Pick<typeof app.db, 'execute'> = app.db): Promise<PlanNode> {
    const { rows } = (await executor.execute(sql`explain (analyze, format json) ${query}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const value = Object.values(rows[0]!)[0];
    const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
    return parsed[0]!.Plan;
  }

  it('opens a conversation of 100,000 messages with an index scan that reads one page of rows, newest and older pages alike', async () => {
    const repo = createChatsRepository(app.db);
    for (const before of [null, 50_000, 31]) {
      const plan = await analyze(
        repo.pageBefore(conversationId, 0, before, MESSAGES_PAGE_SIZE + 1) as unknown as SQLWrapper,
      );
      const nodes = nodesOf(plan);
      const scan = nodes.find((node) => node['Node Type'].startsWith('Index'));
      expect(scan, JSON.stringify(plan)).toMatchObject({ 'Index Name': 'messages_conversation_seq_key' });
      expect(nodes.some((node) => node['Node Type'] === 'Sort' || node['Node Type'] === 'Seq Scan')).toBe(false);
      expect(scan!['Actual Rows']! * (scan!['Actual Loops'] ?? 1)).toBeLessThanOrEqual(MESSAGES_PAGE_SIZE + 1);
    }
  });

  it('catches up after a sequence with the same index, reading only what it answers', async () => {
    const repo = createChatsRepository(app.db);
    const plan = await analyze(repo.pageAfter(conversationId, 99_990, 201) as unknown as SQLWrapper);
    const scan = nodesOf(plan).find((node) => node['Node Type'].startsWith('Index'));
    expect(scan).toMatchObject({ 'Index Name': 'messages_conversation_seq_key' });
    expect(scan!['Actual Rows']).toBeLessThanOrEqual(10);
  });

  it.each([
    ['the first page with its summary, as one JSON list (chats.php)', 'first'],
    ['a page as rows (the later pages)', 'rows'],
  ] as const)(
    'lists the newest 51 of 1,000 conversations by reading 51 rows of the list index in order: %s',
    async (_, form) => {
      const repo = createChatsRepository(app.db);
      // In a transaction the repository builds the query it otherwise runs prepared (the same SQL, with the values).
      const plan = await app.db.transaction((tx) =>
        analyze(
          (form === 'first'
            ? repo.firstPageQuery(memberId, 51, tx)
            : repo.listPage(memberId, null, 51, tx)) as unknown as SQLWrapper,
          tx,
        ),
      );
      // The first page's statement also holds the summary (the version, unread total and started count: small reads
      // of their own): these checks are about the list, its subplan.
      const hasList = (node: PlanNode) =>
        nodesOf(node).some((child) => child['Index Name'] === 'conversation_members_list_idx');
      const list = form === 'first' ? (plan.Plans ?? []).find(hasList) : plan;
      // The summary's unread total reads only the conversations with unread messages (none of the 1,000 here).
      if (form === 'first')
        expect(nodesOf(plan).map((node) => node['Index Name'])).toContain('conversation_members_unread_idx');
      expect(list, JSON.stringify(plan)).toBeDefined();
      const nodes = nodesOf(list!);
      const listScan = nodes.find((node) => node['Index Name'] === 'conversation_members_list_idx');
      expect(listScan, JSON.stringify(plan)).toBeDefined();
      // The member's rows are read in index order and stop at the page: no sort of all 1,000.
      expect(listScan!['Actual Rows']! * (listScan!['Actual Loops'] ?? 1)).toBeLessThanOrEqual(51);
      for (const sort of nodes.filter((node) => node['Node Type'] === 'Sort'))
        expect(sort['Actual Rows']).toBeLessThanOrEqual(51);
      expect(nodes.map((node) => node['Index Name'])).toContain('messages_conversation_seq_key');
      // Conversation, partner, main photo, last message and the ban check are key lookups per listed row, never a pass
      // over a table.
      expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
      for (const index of ['conversations_pkey', 'profiles_pkey', 'photos_main_key'])
        expect(nodes.map((node) => node['Index Name'])).toContain(index);
    },
  );
});
