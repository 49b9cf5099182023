// Rules every request's input keeps at the edge (docs/input.md): whole numbers that fit the database's `integer`,
// text PostgreSQL can store. One definition here, used by the server's input hook and by the contracts' schemas.
import { z } from 'zod';

/** The largest PostgreSQL `integer` (int4): ids, sequence numbers and counts in a request never exceed it. */
export const MAX_INT4 = 2_147_483_647;

/** Error codes of refused text (i18n keys in the `errors` namespace). */
export const TEXT_ERROR_CODES = ['nul_character', 'invalid_text'] as const;
export type TextErrorCode = (typeof TEXT_ERROR_CODES)[number];

// A high surrogate not followed by a low one, or a low one not preceded by a high one: not a character, so not
// encodable as UTF-8 (node-postgres would store U+FFFD silently, a jsonb column refuses the escape with 22P05).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string cannot be taken as text, or null when it can: NUL (U+0000, which PostgreSQL cannot store in text)
 * or a lone surrogate (half of a UTF-16 pair, which no character encoding can store).
 */
export function textErrorOf(value: string): TextErrorCode | null {
  if (value.includes('\u0000')) return 'nul_character';
  if (LONE_SURROGATE.test(value)) return 'invalid_text';
  return null;
}

/** A whole number in a query string: digits only (no sign, leading zero or exponent), from `min` to `max`. */
export function queryIntSchema(min: number, max: number = MAX_INT4) {
  return z
    .string()
    .regex(min >= 1 ? /^[1-9]\d{0,9}$/ : /^(0|[1-9]\d{0,9})$/, 'invalid_value')
    .transform(Number)
    .pipe(z.number().min(min, 'invalid_value').max(max, 'invalid_value'));
}
