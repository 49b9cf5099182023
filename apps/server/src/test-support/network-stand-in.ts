// A local stand-in of an ad network's postback endpoint (docs/traffic.md): it records every request (address and
// headers) and answers the statuses a test queues (200 once the queue is empty). Tests and the e2e run call it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type NetworkStandIn = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: { url: string; headers: http.IncomingHttpHeaders }[];
  /** The next answers' statuses, in order. */
  answers: number[];
  stop(): Promise<void>;
};

export async function startNetworkStandIn(): Promise<NetworkStandIn> {
  const standIn: Omit<NetworkStandIn, 'url' | 'stop'> = { received: [], answers: [] };
  const server = http.createServer((request, response) => {
    standIn.received.push({ url: request.url ?? '', headers: request.headers });
    response.statusCode = standIn.answers.shift() ?? 200;
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
