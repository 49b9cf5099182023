// A fetch stub for web tests: answers by method and path, records what was sent.
import { vi } from 'vitest';

export type MockAnswer = { status?: number; body: unknown };
export type MockRoute = (request: { method: string; url: URL; body: unknown }) => MockAnswer | undefined;

export function jsonError(status: number, code: string, extra: Record<string, unknown> = {}): MockAnswer {
  return { status, body: { error: { status, code, message: code, ...extra } } };
}

/** Stubs global fetch; unknown requests answer 404 route_not_found. */
export function mockFetch(route: MockRoute) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const answer = route({ method, url, body }) ?? jsonError(404, 'route_not_found');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
