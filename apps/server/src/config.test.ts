import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      env: 'development',
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.pgliteDataDir).toBe(path.join(path.resolve('./data'), 'pglite'));
  });

  it('reads valid values', () => {
    const config = loadConfig({
      PORT: '8080',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app:secret@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      DATA_DIR: '/srv/data',
      PUBLIC_URL: 'https://amoria.example/',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      env: 'production',
      databaseUrl: 'postgres://app:secret@db:5432/app',
      redisUrl: 'redis://cache:6379',
      dataDir: '/srv/data',
      publicUrl: 'https://amoria.example',
      trustProxy: true,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: ' ' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT="abc"'],
    [{ PORT: '70000' }, 'PORT="70000"'],
    [{ PORT: '80.5' }, 'PORT="80.5"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL="mysql://x"'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV="prod"'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL="localhost:6379"'],
    [{ PUBLIC_URL: 'example.com' }, 'PUBLIC_URL="example.com"'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY="yes"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL="loud"'],
    [{ DEMO_MEMBER_COUNT: 'many' }, 'DEMO_MEMBER_COUNT="many"'],
    [{ RATE_LIMIT_FACTOR: '0' }, 'RATE_LIMIT_FACTOR="0"'],
    [{ RATE_LIMIT_FACTOR: 'lots' }, 'RATE_LIMIT_FACTOR="lots"'],
    [{ S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET="Not_A_Bucket"'],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT="minio:9000"'],
    [{ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE="yes"'],
    [{ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'key' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET: required'],
  ])('refuses %j with a message naming the variable', (env, named) => {
    expect(configError(env)).toContain(named);
  });

  it('names every bad variable at once', () => {
    const message = configError({ PORT: 'abc', NODE_ENV: 'prod' });
    expect(message).toMatch(/PORT=.*\n.*NODE_ENV=/);
  });

  it('never prints a password of a URL', () => {
    const message = configError({ DATABASE_URL: 'mysql://admin:hunter2@db/app' });
    expect(message).toContain('DATABASE_URL');
    expect(message).not.toContain('hunter2');
  });

  it('serves the API docs outside production only, unless API_DOCS says otherwise', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });

  it('takes test payments in production only when PAYMENTS_TEST_MODE=true; without a provider production offers none', () => {
    const key = `live_${'a'.repeat(30)}`;
    const testKey = `test_${'a'.repeat(30)}`;
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', isTestMode: true });
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toEqual({ provider: 'sandbox', isTestMode: true });
    expect(loadConfig({ PAYMENTS_TEST_MODE: 'false' }).payments).toEqual({ provider: 'none', isTestMode: false });
    expect(loadConfig({ NODE_ENV: 'production' }).payments).toEqual({ provider: 'none', isTestMode: false });
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' }).payments).toEqual({
      provider: 'sandbox',
      isTestMode: true,
    });
    expect(loadConfig({ NODE_ENV: 'production', MOLLIE_API_KEY: key }).payments).toEqual({
      provider: 'mollie',
      mollieApiKey: key,
      isTestMode: false,
    });
    expect(configError({ NODE_ENV: 'production', MOLLIE_API_KEY: testKey })).toMatch(
      /MOLLIE_API_KEY is a test key.*PAYMENTS_TEST_MODE=true/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', MOLLIE_API_KEY: testKey, PAYMENTS_TEST_MODE: 'true' }).payments,
    ).toMatchObject({ provider: 'mollie', isTestMode: true });
    expect(configError({ PAYMENTS_TEST_MODE: 'yes' })).toMatch(/PAYMENTS_TEST_MODE/);
  });

  it("reads the schema owner's connection only beside DATABASE_URL", () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://app@db/x', DATABASE_OWNER_URL: 'postgres://owner@db/x' }),
    ).toMatchObject({ databaseUrl: 'postgres://app@db/x', databaseOwnerUrl: 'postgres://owner@db/x' });
    expect(configError({ DATABASE_OWNER_URL: 'postgres://owner@db/x' })).toMatch(
      /DATABASE_OWNER_URL: only with DATABASE_URL/,
    );
  });

  it('keeps every rate limit as it is unless RATE_LIMIT_FACTOR says otherwise', () => {
    expect(loadConfig({}).rateLimitFactor).toBe(1);
    expect(loadConfig({ RATE_LIMIT_FACTOR: '1000' }).rateLimitFactor).toBe(1000);
    expect(loadConfig({ RATE_LIMIT_FACTOR: '0.5' }).rateLimitFactor).toBe(0.5);
  });

  it('caches 20,000 member views per instance unless MEMBER_VIEW_CACHE_SIZE says otherwise (0: none)', () => {
    expect(loadConfig({}).memberViewCacheSize).toBe(20_000);
    expect(loadConfig({ MEMBER_VIEW_CACHE_SIZE: '0' }).memberViewCacheSize).toBe(0);
    expect(() => loadConfig({ MEMBER_VIEW_CACHE_SIZE: '-1' })).toThrow(/MEMBER_VIEW_CACHE_SIZE/);
  });

  it('keeps uploads in DATA_DIR without S3_BUCKET, and reads the S3 settings with it', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'photos',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'photos',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });
});
