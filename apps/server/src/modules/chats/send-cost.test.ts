import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember, type TestMember } from '../../test-support/members.ts';

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };
type Client = Queryable & { transaction?: (run: (tx: Queryable) => Promise<unknown>) => Promise<unknown> };

const send = (from: TestMember, to: TestMember) =>
  from.client.request({
    method: 'POST',
    url: '/api/message.php',
    payload: { to: to.profileId, client_id: randomUUID(), text: 'Hello' },
  });

// What one warm send (second send of a pair, session cookie set) costs: SQL statements on the embedded database, and
// Redis commands when REDIS_URL is set (docs/chat-scaling.md). Ceilings, not timings: a change may lower them.
describe('cost of a send', () => {
  let app: TestApp;
  /** Called when a route's answer is ready, before it is serialized and sent. */
  let onAnswer: (() => void) | undefined;
  beforeAll(async () => {
    app = await buildTestApp(
      {},
      {
        configure: (instance) =>
          instance.addHook('preSerialization', async (_request, _reply, payload) => {
            onAnswer?.();
            return payload;
          }),
      },
    );
  });
  afterAll(() => app.close());

  // PGlite only: node-postgres hands out several pooled clients, which this wrapping does not reach.
  it('answers after one statement; the acknowledgement and the notification work follow in the background', async () => {
    const client = (app.db as unknown as { $client: Client }).$client;
    if (process.env.TEST_DATABASE_URL || !client.transaction) return;
    const alice = await createMember(app);
    const bob = await createMember(app);
    expect((await send(alice, bob)).statusCode).toBe(200);
    const statements: string[] = [];
    let beforeAnswer = -1;
    onAnswer = () => (beforeAnswer = statements.length);
    // SEND_COST_LOG=1 prints each statement, to see where the cost goes.
    const note = (text: unknown) => {
      statements.push(String(text));
      if (process.env.SEND_COST_LOG) console.info(String(text).slice(0, 100));
    };
    const query = client.query.bind(client);
    const transaction = client.transaction.bind(client);
    client.query = (...args) => (note(args[0]), query(...args));
    client.transaction = (run) =>
      transaction((tx) => {
        const inner = tx.query.bind(tx);
        tx.query = (...args) => (note(args[0]), inner(...args));
        return run(tx);
      });
    try {
      expect((await send(alice, bob)).statusCode).toBe(200);
    } finally {
      client.query = query;
      client.transaction = transaction;
      onAnswer = undefined;
    }
    // The answer waits for one statement: the send (its own transaction). The member view stays cached (the balance
    // is patched in, not reloaded).
    expect(beforeAnswer).toBe(1);
    expect(statements[0]).toMatch(/^select chat_send\(/);
    // After it, in the background (the test app sends its answer once they are done): the acknowledgement of the
    // send's outbox event, in one transaction with the notification consumer (docs/notifications.md): the push job,
    // the mail and reminder state in one statement, the mail and reminder jobs (the send named the recipient's
    // account). A busy instance acknowledges many sends in one such transaction (plugins/outbox).
    expect(statements.filter((text) => /outbox_events/.test(text))).toHaveLength(1);
    console.info(`SQL statements per warm send: ${statements.length} (${beforeAnswer} before the answer)`);
    expect(statements.length).toBeLessThanOrEqual(6);
  });

  it.skipIf(!process.env.REDIS_URL)('sends two Redis commands per send (runs when REDIS_URL is set)', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    expect((await send(alice, bob)).statusCode).toBe(200);
    const redis = app.redis!;
    const commands: string[] = [];
    const sendCommand = redis.sendCommand.bind(redis);
    redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
      commands.push(command.name);
      return (sendCommand as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof redis.sendCommand;
    let pipelines = 0;
    const pipeline = redis.pipeline.bind(redis);
    redis.pipeline = ((...args: Parameters<typeof pipeline>) => (pipelines++, pipeline(...args))) as typeof pipeline;
    try {
      expect((await send(alice, bob)).statusCode).toBe(200);
    } finally {
      redis.sendCommand = sendCommand;
      redis.pipeline = pipeline;
    }
    console.info(`Redis commands per warm send: ${commands.length} (${commands.join(', ')})`);
    // Two scripts: the two messaging rate limits (per member and per address) counted in one, then the broadcast
    // events (poll versions, the sender's balance) as one message and each member's socket events on their slot
    // channel, published by the other (docs/chat-scaling.md).
    expect(commands).toEqual(['evalsha', 'evalsha']);
    expect(pipelines).toBe(0);
  });
});
