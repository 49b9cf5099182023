// Password hashing (Argon2id, OWASP parameters) and the random tokens of cookies and e-mailed links.
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, not importable under verbatimModuleSyntax). */
const ARGON2ID = 2;

/**
 * OWASP Password Storage Cheat Sheet: Argon2id, m=19 MiB, t=2, p=1. Kept in tests too: a hash costs
 * about 25-60 ms on the CI machine (measured), which the suite affords.
 */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown e-mail costs as long as a wrong password (no timing oracle). */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/** 256 random bits, URL-safe; the database keeps only `hashToken(token)`. */
export function createToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `token=` values in a URL replaced: a request log must not hold working activation, reset or reactivation links. */
export function redactLinkTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

type LoggedRequest = {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
};

/** Fastify's own request log fields, with the link tokens of the URL redacted (the e-mailed pages and their API calls carry them). */
export function serializeRequestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactLinkTokens(request.url),
    version: typeof request.headers?.['accept-version'] === 'string' ? request.headers['accept-version'] : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
