// Environment -> typed configuration, validated once at start-up.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { runtimeProblem } from './lib/runtime.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A URL whose scheme is one of `protocols`; empty means unset. */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        if (!protocols.some((protocol) => value.startsWith(`${protocol}://`))) return false;
        return URL.canParse(value);
      },
      { message: `must be a URL starting with ${protocols.map((protocol) => `${protocol}://`).join(' or ')}` },
    )
    .optional();

const envSchema = z.object({
  PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .refine((port) => port <= 65535, 'must be a whole number from 0 to 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], 'must be one of development, production, test')
    .default('development'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  /**
   * The schema owner's connection: migrations run through it, and the role of DATABASE_URL then gets only the grants
   * it needs (docs/database-roles.md). Unset: DATABASE_URL's role migrates (and owns) the schema itself.
   */
  DATABASE_OWNER_URL: optionalUrl(['postgres', 'postgresql']),
  /** A streaming replica of DATABASE_URL: reads that tolerate REPLICA_MAX_LAG_MS of lag go there (docs/read-replicas.md). */
  DATABASE_REPLICA_URL: optionalUrl(['postgres', 'postgresql']),
  REPLICA_MAX_LAG_MS: z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number).default(1000),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  /** REDIS_URL names a node of a Redis Cluster (docs/chat-scaling.md): sharded pub/sub for realtime events. */
  REDIS_CLUSTER: z
    .enum(['true', 'false'], 'must be true or false')
    .default('false')
    .transform((value) => value === 'true'),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]*$/, 'may only contain letters, digits and _ : . -')
    .default('app:'),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  /** smtp://user:pass@host:587 or smtps://...; unset keeps mails in the development mailbox (GET /api/dev/mailbox). */
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  /** Sender address of every mail; default noreply@<site domain>. */
  MAIL_FROM: z.string().trim().min(3).optional(),
  WEB_DIST_DIR: z.string().trim().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  // `npm run dev` turns this off: Vite serves the web app with hot reload and proxies /api here.
  SERVE_WEB: z
    .enum(['true', 'false'], 'must be true or false')
    .default('true')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z
    .enum(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'must be one of fatal, error, warn, info, debug, trace, silent',
    )
    .default('info'),
  /** A request answered after this many milliseconds is logged (warn); errors always are (plugins/request-log). */
  LOG_SLOW_MS: z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number).default(500),
  PAGE_WAIT_MS: z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number).optional(),
  /** The share of other requests logged at info, from 0 to 1 (LOG_LEVEL debug logs every request). */
  LOG_SAMPLE_RATE: z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a number from 0 to 1')
    .transform(Number)
    .default(0),
  TRUST_PROXY: z
    .enum(['true', 'false'], 'must be true or false')
    .default('false')
    .transform((value) => value === 'true'),
  /** The OpenAPI UI and document at /api/docs; default: on outside production (it maps the whole API for anyone). */
  API_DOCS: z
    .enum(['true', 'false'], 'must be true or false')
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** Development only: demo members seeded into an empty database; 0 seeds only the demo login. */
  DEMO_MEMBER_COUNT: z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number).default(500),
  /** Multiplies every rate limit's max (benchmarks and load tests raise it; production keeps 1). */
  RATE_LIMIT_FACTOR: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'must be a positive number')
    .transform(Number)
    .refine((factor) => factor > 0, 'must be a positive number')
    .default(1),
  /**
   * How many member views (the logged-in member of a session) each instance keeps in memory, kept fresh through
   * the event bus (docs/member-view.md); 0 turns the cache off (benchmarks measure the query alone with it).
   */
  MEMBER_VIEW_CACHE_SIZE: z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number).default(20_000),
  /** Prometheus metrics at GET /metrics on this port, on METRICS_HOST; unset: not served (docs/operations.md). */
  METRICS_PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .refine((port) => port <= 65535, 'must be a whole number from 0 to 65535')
    .optional(),
  /** Where the metrics port listens: the loopback by default, so only the machine's own scraper reaches it. */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** On SIGTERM, member sockets are closed over this many milliseconds before the server closes (docs/cluster.md). */
  DRAIN_MS: z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number).default(3000),
  /** S3-compatible object storage for uploaded files; unset keeps them in DATA_DIR/uploads. */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3-63 lowercase letters, digits, dots and dashes',
    )
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], 'must be true or false')
    .default('false')
    .transform((value) => value === 'true'),
  /** Mollie API key (live_... or test_...): payments go through Mollie; unset uses the built-in sandbox provider. */
  /** Twilio account for SMS (the direct-debit code); all three or none. Unset: texts land in the development outbox. */
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account SID (AC followed by 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(16).optional(),
  TWILIO_FROM: z
    .string()
    .trim()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-f]{32}|[A-Za-z0-9 ]{1,11})$/,
      'must be a phone number (+...), a messaging service SID or an alphanumeric sender',
    )
    .optional(),
  MOLLIE_API_KEY: z
    .string()
    .trim()
    .regex(/^(live|test)_\w{20,}$/, 'must be a Mollie API key (live_... or test_...)')
    .optional(),
  /**
   * Test payments (the built-in sandbox, or a Mollie test_ key) on a production site: only with `true` (a staging
   * site). Outside production the sandbox runs unless this is `false`.
   */
  PAYMENTS_TEST_MODE: z.enum(['true', 'false'], 'must be true or false').optional(),
  /** Web push VAPID keys (base64url, as `npx web-push generate-vapid-keys` prints them); unset: created once and kept in the database. */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** The contact push services see: an https: URL or mailto: address. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(https:\/\/|mailto:)\S+$/, 'must be an https: URL or a mailto: address')
    .optional(),
  /**
   * Which image classifier screens uploaded photos (docs/safety.md): `model` (nsfwjs in this process, the default) or
   * `test` (reads a colour: magenta is explicit; the default under NODE_ENV=test).
   */
  PHOTO_CLASSIFIER: z.enum(['model', 'test'], 'must be model or test').optional(),
  /** Shared secret of the bounce and complaint intake (POST /api/mail-events.php); unset: the intake refuses every call. */
  MAIL_EVENTS_SECRET: z.string().trim().min(16, 'must be at least 16 characters').optional(),
});

/**
 * Mollie with a key; else the built-in sandbox outside production (or on a staging site that says
 * PAYMENTS_TEST_MODE=true); else none: production never sells credits through a checkout that takes no money.
 */
export type PaymentSettings =
  | { provider: 'mollie'; mollieApiKey: string; isTestMode: boolean }
  | { provider: 'sandbox'; isTestMode: true }
  | { provider: 'none'; isTestMode: false };

export type AppConfig = {
  port: number;
  /** The image classifier of photo screening (docs/safety.md). */
  photoClassifier: 'model' | 'test';
  host: string;
  env: 'development' | 'production' | 'test';
  databaseUrl: string | undefined;
  /** Migrations run as this role (the schema's owner) when set; the app's own role owns nothing. */
  databaseOwnerUrl: string | undefined;
  /** Where the embedded database and uploaded files live. */
  dataDir: string;
  /** Embedded database location; `memory://` keeps it in memory (tests). */
  pgliteDataDir: string;
  redisUrl: string | undefined;
  /** REDIS_URL is a node of a Redis Cluster. */
  redisCluster: boolean;
  /** Prefixes every Redis key, so several apps (or parallel test runs) can share one Redis. */
  redisKeyPrefix: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  webDistDir: string;
  /** Serve the built web app from webDistDir beside the API. */
  serveWeb: boolean;
  logLevel: string;
  /** Requests slower than this (ms) are logged; LOG_SLOW_MS. */
  logSlowMs: number;
  /**
   * How long a visitor waits for a page's server render under way before the plain page is sent (PAGE_WAIT_MS; 30,
   * and 10 s under tests, which expect every first view rendered): docs/traffic.md, "Clicks never split the caches".
   */
  pageWaitMs: number;
  /** Share of ordinary requests logged; LOG_SAMPLE_RATE. */
  logSampleRate: number;
  trustProxy: boolean;
  /** Serve the OpenAPI UI and document at /api/docs (API_DOCS; default: not in production). */
  apiDocs: boolean;
  /** Demo members seeded into an empty development database. */
  demoMemberCount: number;
  /** Every rate limit's max is multiplied by this. */
  rateLimitFactor: number;
  /** Member views cached per instance; 0: none. */
  memberViewCacheSize: number;
  /** DATABASE_REPLICA_URL: a streaming replica for reads that tolerate lag; undefined: every read on the primary. */
  databaseReplicaUrl: string | undefined;
  /** How far behind the primary the replica may be for its reads to be used (REPLICA_MAX_LAG_MS). */
  replicaMaxLagMs: number;
  /** Prometheus metrics listener (METRICS_PORT, METRICS_HOST); port undefined: metrics are not served. */
  metrics: { port: number | undefined; host: string };
  /** SIGTERM: how long the member sockets take to be closed (spread) before the server closes. */
  drainMs: number;
  /** Object storage for uploaded files (S3_BUCKET set), else files live in DATA_DIR/uploads. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      }
    | undefined;
  /** Which provider takes payments, and whether they are test payments (docs/payments.md). */
  payments: PaymentSettings;
  /** SMS through Twilio when set; the development outbox otherwise. */
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  /** Web push keys from the environment; unset: kept in the database (docs/notifications.md). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** The bounce and complaint intake's shared secret; unset: the intake is closed. */
  mailEventsSecret: string | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Variables set to an empty string count as unset, as in most shells' `VAR= command`. */
function dropEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
    ),
  );
}

function twilioSettings(accountSid?: string, authToken?: string, from?: string) {
  const given = [accountSid, authToken, from].filter(Boolean).length;
  if (given === 0) return undefined;
  if (given < 3)
    throw new ConfigError(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together (or none of them)',
    );
  return { accountSid: accountSid!, authToken: authToken!, from: from! };
}

function paymentSettings(
  env: AppConfig['env'],
  mollieApiKey: string | undefined,
  testMode: 'true' | 'false' | undefined,
): PaymentSettings {
  if (mollieApiKey) {
    const isTestMode = mollieApiKey.startsWith('test_');
    if (isTestMode && env === 'production' && testMode !== 'true') {
      throw new ConfigError(
        'Invalid configuration:\n  MOLLIE_API_KEY is a test key: a production site takes test payments only with PAYMENTS_TEST_MODE=true (a staging site)',
      );
    }
    return { provider: 'mollie', mollieApiKey, isTestMode };
  }
  const isSandbox = env === 'production' ? testMode === 'true' : testMode !== 'false';
  return isSandbox ? { provider: 'sandbox', isTestMode: true } : { provider: 'none', isTestMode: false };
}

/** The bare address of a MAIL_FROM that may read `"Name" <address>`. */
function mailAddressOf(mailFrom: string | undefined): string | undefined {
  if (!mailFrom) return undefined;
  return (mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom).trim();
}

/** S3 storage when a bucket is set (else files stay on disk). */
function s3Settings(e: ParsedEnv) {
  return e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : undefined;
}

/** Push services want a way to reach the sender: the public https address, else a mailbox at its host. */
function defaultVapidSubject(publicUrl: string, mailFrom: string | undefined): string {
  return publicUrl.startsWith('https://')
    ? publicUrl
    : `mailto:${mailAddressOf(mailFrom) ?? `noreply@${new URL(publicUrl).hostname}`}`;
}

type ParsedEnv = z.infer<typeof envSchema>;

/** The environment parsed by its schema; a bad value throws a ConfigError naming the variable and the value it got. */
function parseEnv(env: NodeJS.ProcessEnv): ParsedEnv {
  const source = dropEmpty(env);
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      // A password inside a URL must not end up in logs.
      const value = (source[name] ?? '').replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
      return `${name}=${JSON.stringify(value)}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

/** The settings that only make sense together: both keys of a pair, or a setting only with another. */
function checkCombinations(e: ParsedEnv): void {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when other S3_ settings are given');
  }
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URL: only with DATABASE_URL (the embedded database has no replica)',
    );
  }
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_OWNER_URL: only with DATABASE_URL (the embedded database has one role)',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  }
}

/** Reads the environment; a bad value throws a ConfigError naming the variable and the value it got. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = parseEnv(env);
  checkCombinations(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    env: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    dataDir,
    pgliteDataDir: path.join(dataDir, 'pglite'),
    redisUrl: e.REDIS_URL,
    redisCluster: e.REDIS_CLUSTER,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    serveWeb: e.SERVE_WEB,
    logLevel: e.LOG_LEVEL,
    logSlowMs: e.LOG_SLOW_MS,
    pageWaitMs: e.PAGE_WAIT_MS ?? (e.NODE_ENV === 'test' ? 10_000 : 30),
    logSampleRate: e.LOG_SAMPLE_RATE,
    trustProxy: e.TRUST_PROXY,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    demoMemberCount: e.DEMO_MEMBER_COUNT,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    memberViewCacheSize: e.MEMBER_VIEW_CACHE_SIZE,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    drainMs: e.DRAIN_MS,
    s3: s3Settings(e),
    photoClassifier: e.PHOTO_CLASSIFIER ?? (e.NODE_ENV === 'test' ? 'test' : 'model'),
    payments: paymentSettings(e.NODE_ENV, e.MOLLIE_API_KEY, e.PAYMENTS_TEST_MODE),
    twilio: twilioSettings(e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM),
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, e.MAIL_FROM),
    mailEventsSecret: e.MAIL_EVENTS_SECRET,
  };
}

/**
 * The configuration of a process entry (server.ts, migrate.ts, backup.ts, restore.ts, db-check.ts): undefined, with the
 * reason printed, when this Node.js cannot run the server or a variable is invalid.
 */
export function loadProcessConfig(): AppConfig | undefined {
  const problem = runtimeProblem();
  if (problem) {
    console.error(problem);
    return undefined;
  }
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return undefined;
    }
    throw error;
  }
}
