// The one way the web app talks to the API: Request-Type header, retries for safe requests, auth-required handling.
import type { ApiError as ApiErrorBody } from '@app/contracts';

export const MAX_RETRIES = 5;
const RETRY_BASE_DELAY_MS = 300;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: ApiErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isAuthenticationRequired(): boolean {
    return this.body?.authentication_required === true;
  }
}

type AuthRequiredListener = () => void;
const authRequiredListeners = new Set<AuthRequiredListener>();

/** The session feature registers here to log the member out when any endpoint but user.php says so. */
export function onAuthenticationRequired(listener: AuthRequiredListener): () => void {
  authRequiredListeners.add(listener);
  return () => authRequiredListeners.delete(listener);
}

/**
 * SPEC section 7: a 403 with authentication_required from any endpoint but user.php logs the member out.
 * Exported for the one request that cannot go through apiRequest (the photo upload, for its progress).
 */
export function notifyIfAuthenticationRequired(url: string, error: ApiError): void {
  const pathname = new URL(url, window.location.origin).pathname;
  if (error.status === 403 && error.isAuthenticationRequired && pathname !== '/api/user.php') {
    authRequiredListeners.forEach((listener) => listener());
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the retry count (tests use 0). */
  retries?: number;
};

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(path.startsWith('/') ? path : `/api/${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

export function retryDelay(attempt: number): number {
  return RETRY_BASE_DELAY_MS * 2 ** attempt;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: ApiErrorBody | undefined;
  try {
    body = (await response.json()) as ApiErrorBody;
  } catch {
    body = undefined;
  }
  return new ApiError(response.status, body?.error?.code ?? 'error_generic', body?.error?.message ?? response.statusText, body);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const isSafe = SAFE_METHODS.has(method);
  const retries = options.retries ?? (isSafe ? MAX_RETRIES : 0);
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json', 'Request-Type': 'client' };
  const init: RequestInit = { method, headers, credentials: 'same-origin', signal: options.signal };
  if (options.body !== undefined) {
    if (options.body instanceof FormData) init.body = options.body;
    else {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
  }

  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if (options.signal?.aborted || attempt >= retries) throw error;
      await sleep(retryDelay(attempt), options.signal);
      continue;
    }
    if (response.status >= 500 && attempt < retries) {
      await sleep(retryDelay(attempt), options.signal);
      continue;
    }
    if (!response.ok) {
      const error = await toApiError(response);
      notifyIfAuthenticationRequired(url, error);
      throw error;
    }
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }
}
