// Keyset cursors of the member lists: the last row's sort key as JSON, HMAC-signed with a secret all instances share.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from './http-errors.ts';

export type CursorValue = (string | number | boolean)[];

export type CursorCodec = {
  /** An opaque cursor of list `kind` carrying `values`. */
  encode: (kind: string, values: CursorValue) => string;
  /**
   * The values of a cursor this app made for list `kind`, checked against `types`, one letter a value: 'n' a
   * whole number from 0 to 2^31 - 1, 'f' a finite number (a score), 's' a string of at most 100 characters, 'b' a boolean, 't' a timestamp
   * as PostgreSQL writes it. Anything else (forged, tampered, truncated, another list's) is 400 `cursor_invalid`.
   */
  decode: (kind: string, cursor: string, types: string) => CursorValue;
};

export const cursorInvalid = () => new AppError(400, 'cursor_invalid');

/** 128 bits of an HMAC-SHA256: forging one takes 2^128 guesses. */
const MAC_BYTES = 16;
/** A timestamp as PostgreSQL writes `timestamptz::text` (also ISO 8601): month 1-12, day 1-31, hours 0-23 and so on. */
const TIMESTAMP =
  /^[1-9]\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-]([01]\d|2[0-3])(:?[0-5]\d)?)?$/;

const VALUE_SCHEMAS: Record<string, z.ZodType> = {
  n: z.number().int().min(0).max(2_147_483_647),
  f: z.number().finite(),
  s: z.string().max(100),
  b: z.boolean(),
  t: z.string().regex(TIMESTAMP),
};

const tupleSchemas = new Map<string, z.ZodType<unknown[]>>();
/** `[kind, ...values]` for these types, built once per (kind, types). */
function payloadSchema(kind: string, types: string): z.ZodType<unknown[]> {
  const key = `${kind}\u0000${types}`;
  let schema = tupleSchemas.get(key);
  if (!schema) {
    const items = [...types].map((type) => {
      const item = VALUE_SCHEMAS[type];
      if (!item) throw new Error(`unknown cursor value type ${type}`);
      return item;
    });
    schema = z.tuple([z.literal(kind), ...items] as unknown as [z.ZodType, ...z.ZodType[]]) as unknown as z.ZodType<
      unknown[]
    >;
    tupleSchemas.set(key, schema);
  }
  return schema;
}

export function createCursorCodec(secret: Buffer): CursorCodec {
  // A key object made once: given the secret's bytes, createHmac makes one per call (about 6x the cost of the MAC).
  const key = createSecretKey(secret);
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
  return {
    encode(kind, values) {
      const payload = Buffer.from(JSON.stringify([kind, ...values])).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    decode(kind, cursor, types) {
      const [payload, mac, ...rest] = cursor.split('.');
      if (!payload || !mac || rest.length) throw cursorInvalid();
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== MAC_BYTES || !timingSafeEqual(given, sign(payload))) throw cursorInvalid();
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw cursorInvalid();
      }
      const result = payloadSchema(kind, types).safeParse(parsed);
      if (!result.success) throw cursorInvalid();
      return result.data.slice(1) as CursorValue;
    },
  };
}
