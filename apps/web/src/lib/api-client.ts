// The one way the web app talks to the API: Request-Type header, retries for safe requests, auth-required handling, answers typed (and in development checked) by the contracts.
import type * as Contracts from '@app/contracts';
import type { ApiError as ApiErrorBody } from '@app/contracts';
import type { z } from 'zod';

export const MAX_RETRIES = 5;
const RETRY_BASE_DELAY_MS = 300;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body?: ApiErrorBody;

  constructor(status: number, code: string, message: string, body?: ApiErrorBody) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (body !== undefined) this.body = body;
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
  // The server's first-view render has no window and no session to check: its 403s are the page's to show.
  if (typeof window === 'undefined') return;
  const pathname = new URL(url, window.location.origin).pathname;
  if (error.status === 403 && error.isAuthenticationRequired && pathname !== '/api/user.php') {
    authRequiredListeners.forEach((listener) => listener());
  }
}

/** The contracts' zod schemas, by export name (`userResponseSchema`, `searchResponseSchema`, ...). */
export type ContractSchemaName = {
  [K in keyof typeof Contracts]: (typeof Contracts)[K] extends z.ZodType ? K : never;
}[keyof typeof Contracts];
/** The answer a contract schema describes. */
export type ContractOutput<K extends ContractSchemaName> = z.output<(typeof Contracts)[K] & z.ZodType>;

/** An answer that does not match its contract: a bug on one side, never shown as a normal failure. */
export class ApiContractError extends Error {
  readonly path: string;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(path: string, issues: readonly z.core.$ZodIssue[]) {
    super(
      `The answer of ${path} does not match its contract: ${issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ')}`,
    );
    this.name = 'ApiContractError';
    this.path = path;
    this.issues = issues;
  }
}

/**
 * Development and tests check every answer against its contract; the production build leaves the check (and zod
 * with the contracts' runtime) out of its chunks, so the first page stays small. The answer itself is passed on
 * unchanged either way: both builds behave the same.
 */
const isCheckingContracts = import.meta.env.DEV;
/** Loaded once, with the first answer to check. */
let contractsModule: Promise<typeof Contracts> | null = null;

/** Checks an answer that did not come through apiRequest (the photo upload) like apiRequest does. */
export async function checkContract(path: string, schemaName: ContractSchemaName, data: unknown): Promise<void> {
  if (!isCheckingContracts) return;
  contractsModule ??= import('@app/contracts');
  const contracts = await contractsModule;
  const schema = contracts[schemaName] as z.ZodType;
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiContractError(path, result.error.issues);
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the retry count (tests use 0). */
  retries?: number;
};

/** How a request reaches the API: the browser's fetch, or the server's in-process answer while it renders a first view. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let serverTransport: ApiTransport | null = null;

/** Set by the server's first-view render (entry-server.tsx) for the time of one render; null again after it. */
export function setServerTransport(transport: ApiTransport | null): void {
  serverTransport = transport;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  // Any origin: only the path and query are kept.
  const url = new URL(path.startsWith('/') ? path : `/api/${path}`, 'http://localhost');
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
  return new ApiError(
    response.status,
    body?.error?.code ?? 'error_generic',
    body?.error?.message ?? response.statusText,
    body,
  );
}

/**
 * One request. `response` names the contract schema of the answer: the answer is typed by it (and checked against it
 * in development and tests). Only endpoints without a contract schema (and 204 answers) leave it out.
 */
export async function apiRequest<K extends ContractSchemaName>(
  path: string,
  options: RequestOptions & { response: K },
): Promise<ContractOutput<K>>;
export async function apiRequest(path: string, options?: RequestOptions & { response?: undefined }): Promise<unknown>;
export async function apiRequest(
  path: string,
  options: RequestOptions & { response?: ContractSchemaName } = {},
): Promise<unknown> {
  const method = options.method ?? 'GET';
  const isSafe = SAFE_METHODS.has(method);
  const retries = serverTransport ? 0 : (options.retries ?? (isSafe ? MAX_RETRIES : 0));
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
      response = await (serverTransport ?? fetch)(url, init);
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
    if (response.status === 204) return undefined;
    const data: unknown = await response.json();
    if (options.response) await checkContract(url, options.response, data);
    return data;
  }
}
