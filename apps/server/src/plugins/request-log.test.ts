import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLogPlugin } from './request-log.plugin.ts';

/** A Fastify app logging into an array, with a fast, a slow and a failing route. */
async function appLogging(level: string, options: { sampleRate?: number; random?: () => number } = {}) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }) });
  await app.register(requestLogPlugin, { slowMs: 50, sampleRate: options.sampleRate ?? 0, random: options.random });
  app.get('/fast/:id', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    return { ok: true };
  });
  app.get('/broken', async () => {
    throw new Error('broken');
  });
  await app.ready();
  const requests = () => lines.filter((line) => line.res !== undefined);
  return { app, requests };
}

describe('request log', () => {
  it('logs server errors and slow answers with their route and time, and no ordinary request', async () => {
    const { app, requests } = await appLogging('info');
    for (let index = 0; index < 20; index += 1) await app.inject({ url: `/fast/${index}` });
    await app.inject({ url: '/slow' });
    await app.inject({ url: '/broken' });
    const logged = requests();
    expect(logged.map((line) => [line.level, line.msg, line.route])).toEqual([
      [40, 'slow request', '/slow'],
      [50, 'request failed', '/broken'],
    ]);
    expect(logged[0]!.responseTime).toBeGreaterThanOrEqual(50);
    expect(logged[1]!.res).toEqual({ statusCode: 500 });
    await app.close();
  });

  it('logs a sample of ordinary requests, and every request at debug', async () => {
    let draw = 0;
    const sampled = await appLogging('info', { sampleRate: 0.25, random: () => [0.1, 0.9, 0.5, 0.3][draw++ % 4]! });
    for (let index = 0; index < 8; index += 1) await sampled.app.inject({ url: `/fast/${index}` });
    expect(sampled.requests()).toHaveLength(2);
    await sampled.app.close();

    const everything = await appLogging('debug');
    for (let index = 0; index < 5; index += 1) await everything.app.inject({ url: `/fast/${index}` });
    expect(everything.requests().map((line) => line.route)).toEqual(Array(5).fill('/fast/:id'));
    await everything.app.close();
  });
});
