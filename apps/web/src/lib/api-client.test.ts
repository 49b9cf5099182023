// @vitest-environment jsdom
// The API client (SPEC section 7): Request-Type header, 5 retries with exponential delay for safe requests, auth-required logout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiContractError,
  ApiError,
  MAX_RETRIES,
  apiRequest,
  onAuthenticationRequired,
  retryDelay,
} from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  // Loaded before the timers are faked: the contract check imports it dynamically.
  await import('@app/contracts');
  vi.useFakeTimers();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs the request while letting every retry delay elapse, and records when each attempt happened. */
async function settle<T>(promise: Promise<T>) {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe('apiRequest', () => {
  it('sends the Request-Type header and parses JSON', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(apiRequest('settings.php', { query: { a: 1, b: undefined } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/settings.php?a=1');
    expect(new Headers(init?.headers).get('Request-Type')).toBe('client');
  });

  it('retries a GET 5 times on network errors, each delay twice the last', async () => {
    const attemptsAt: number[] = [];
    fetchMock.mockImplementation(async () => {
      attemptsAt.push(Date.now());
      throw new TypeError('Failed to fetch');
    });
    const start = Date.now();
    const outcome = await settle(apiRequest('chats.php'));
    expect(outcome).toEqual({ error: expect.any(TypeError) });
    expect(fetchMock).toHaveBeenCalledTimes(1 + MAX_RETRIES);
    const gaps = attemptsAt.map((at, i) => at - (attemptsAt[i - 1] ?? start)).slice(1);
    expect(gaps).toEqual([0, 1, 2, 3, 4].map(retryDelay));
    expect(gaps[1]).toBe(gaps[0]! * 2);
  });

  it('retries a GET on 5xx and succeeds when the server recovers', async () => {
    fetchMock
      .mockResolvedValueOnce(json(503, { error: { status: 503, code: 'service_unavailable', message: 'down' } }))
      .mockResolvedValueOnce(json(500, { error: { status: 500, code: 'error_generic', message: 'oops' } }))
      .mockResolvedValueOnce(json(200, { chats: [] }));
    const outcome = await settle(apiRequest('chats.php'));
    expect(outcome).toEqual({ value: { chats: [] } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after 5 retries with the last 5xx as an ApiError', async () => {
    fetchMock.mockImplementation(async () =>
      json(502, { error: { status: 502, code: 'error_generic', message: 'bad gateway' } }),
    );
    const outcome = await settle(apiRequest('likes.php'));
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect('error' in outcome && outcome.error).toBeInstanceOf(ApiError);
    expect('error' in outcome && (outcome.error as ApiError).status).toBe(502);
  });

  it('never retries a POST', async () => {
    fetchMock.mockImplementation(async () =>
      json(500, { error: { status: 500, code: 'error_generic', message: 'oops' } }),
    );
    const outcome = await settle(apiRequest('user.php', { method: 'POST', body: { email: 'a@b.c' } }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((outcome as { error: ApiError }).error.status).toBe(500);

    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await settle(apiRequest('chat.php', { method: 'DELETE', body: { conversation: 1 } }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry 4xx answers', async () => {
    fetchMock.mockResolvedValue(json(404, { error: { status: 404, code: 'not_found', message: 'Not found' } }));
    const outcome = await settle(apiRequest('members.php'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((outcome as { error: ApiError }).error.code).toBe('not_found');
  });

  it('calls the auth-required listeners on a 403 with authentication_required, except from user.php', async () => {
    const listener = vi.fn();
    const unsubscribe = onAuthenticationRequired(listener);
    const forbidden = () =>
      json(403, {
        error: { status: 403, code: 'authentication_required', message: 'Log in' },
        authentication_required: true,
      });

    fetchMock.mockResolvedValueOnce(forbidden());
    const fromChats = await settle(apiRequest('chats.php'));
    expect((fromChats as { error: ApiError }).error.isAuthenticationRequired).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(forbidden());
    await settle(apiRequest('user.php'));
    expect(listener).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(json(403, { error: { status: 403, code: 'forbidden', message: 'No' } }));
    await settle(apiRequest('likes.php'));
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    fetchMock.mockResolvedValueOnce(forbidden());
    await settle(apiRequest('chats.php'));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('apiRequest: answers checked against the contracts (development and tests)', () => {
  it('passes an answer that matches its schema on unchanged, typed by the contract', async () => {
    const answer = { is_liked: true, is_match: false, is_new_match: false, extra: 'kept' };
    fetchMock.mockResolvedValueOnce(json(200, answer));
    const result = await apiRequest('like.php', { method: 'POST', body: { id: 1 }, response: 'likeResponseSchema' });
    expect(result).toEqual(answer);
    expect(result.is_new_match).toBe(false);
  });

  it('rejects an answer that breaks its contract, naming the field', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { is_liked: 'yes', is_match: false }));
    const outcome = await settle(
      apiRequest('like.php', { method: 'POST', body: { id: 1 }, response: 'likeResponseSchema' }),
    );
    expect(outcome).toMatchObject({ error: expect.any(ApiContractError) });
    const error = (outcome as { error: ApiContractError }).error;
    expect(error.message).toContain('/api/like.php');
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual(['is_liked', 'is_new_match']);
  });
});
