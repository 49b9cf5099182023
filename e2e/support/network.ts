// A local stand-in of an ad network's postback endpoint for the browser journeys: it answers 200 and keeps the address
// of every call (docs/traffic.md). The server's tests have their own with queued answers (test-support).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startPostbackReceiver(): Promise<{ url: string; received: string[]; stop: () => Promise<void> }> {
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    received.push(request.url ?? '');
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
