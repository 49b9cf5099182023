// Backups of a running embedded database (docs/operations.md, "Back up"). The server holds DATA_DIR/pglite for itself,
// so a copy must come from inside the process: it answers on a Unix socket in DATA_DIR, which only whoever may read
// the data folder reaches (mode 0600, never a TCP port), and `npm run backup` asks it there.
//   POST /backup  the data directory as a gzipped tarball (PGlite's dumpDataDir, which PGlite's loadDataDir reads)
//   GET  /check   the invariants (db/invariants.ts) as JSON, read in one transaction of the running server
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { checkInvariants, type InvariantCheck } from './db/invariants.ts';

/** The socket's name in DATA_DIR. */
const SOCKET_NAME = 'backup.sock';

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, SOCKET_NAME);
}

/**
 * A consistent copy of the embedded database, taken while the site runs. The copy is taken holding PGlite's
 * transaction lock (no transaction of the app is half-way through) after a checkpoint (so the copy starts without
 * replaying the write-ahead log); the app's queries wait meanwhile, about a second per 5 MB of tarball.
 */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  return client.transaction(async (tx) => {
    await tx.exec('checkpoint');
    return client.dumpDataDir('gzip');
  });
}

/** Whether something answers on the socket at `socketPath` (a server of this DATA_DIR). */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Serves backups on DATA_DIR/backup.sock while the app runs on the embedded database (nothing on PostgreSQL, which
 * pg_dump copies). Call before the app is ready: the socket opens when the app is ready and closes, after any backup
 * under way, when it closes.
 */
export function serveBackups(app: FastifyInstance, dataDir: string): void {
  const queue = app.databaseQueue;
  if (queue.kind !== 'pglite') return;
  const client = queue.client;
  const socketPath = backupSocketPath(dataDir);
  let server: http.Server | undefined;
  // One request at a time: a second backup waits for the first instead of stopping the site twice as long.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };

  const answer = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.method === 'POST' && request.url === '/backup') {
      const started = performance.now();
      const dump = Buffer.from(await (await serial(() => dumpPglite(client))).arrayBuffer());
      app.log.info(
        { bytes: dump.length, ms: Math.round(performance.now() - started) },
        'backup: embedded database copied for npm run backup',
      );
      response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': dump.length }).end(dump);
      return;
    }
    if (request.method === 'GET' && request.url === '/check') {
      const checks: InvariantCheck[] = await serial(() => checkInvariants(app.db));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(checks));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  };

  app.addHook('onReady', async () => {
    if (await socketAnswers(socketPath)) {
      app.log.error(
        `backup: another process answers on ${socketPath} (a second server on this DATA_DIR?); npm run backup will reach that one`,
      );
      return;
    }
    // A socket a killed server left behind answers nothing: remove it.
    await fs.rm(socketPath, { force: true });
    const listening = http.createServer((request, response) => {
      answer(request, response).catch((error: unknown) => {
        app.log.error({ err: error }, 'backup: request failed');
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('backup failed\n');
      });
    });
    try {
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(socketPath, () => resolve());
      });
      await fs.chmod(socketPath, 0o600);
      server = listening;
    } catch (error) {
      // The site runs on; only `npm run backup` cannot reach it (a DATA_DIR path longer than a socket path may be).
      app.log.error(
        { err: error },
        `backup: cannot listen on ${socketPath}; npm run backup will not reach this server`,
      );
      listening.close();
    }
  });
  app.addHook('preClose', async () => {
    const listening = server;
    if (!listening) return;
    server = undefined;
    await new Promise<void>((resolve) => listening.close(() => resolve()));
    await tail;
  });
}

/** Asks the server behind `socketPath`: the answer's body, or an error carrying its status. */
export function askServer(socketPath: string, method: 'GET' | 'POST', url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method, path: url }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(`the server answered ${response.statusCode}: ${body.toString('utf8').trim()}`));
      });
    });
    request.on('error', reject);
    request.end();
  });
}
