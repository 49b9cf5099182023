// Opaque keyset cursors shared by the member lists: base64url JSON of the last row's sort key.
import { AppError } from '../../lib/http-errors.ts';

export type CursorValue = (string | number | boolean)[];

export function encodeCursor(kind: string, values: CursorValue): string {
  return Buffer.from(JSON.stringify([kind, ...values])).toString('base64url');
}

export const cursorInvalid = () => new AppError(400, 'cursor_invalid');

/**
 * Decodes a cursor of `kind` whose values have the given types ('n' integer, 's' string, 'b' boolean);
 * anything else (another list's cursor, a tampered one) is 400 `cursor_invalid`.
 */
export function decodeCursor(kind: string, cursor: string, types: string): CursorValue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw cursorInvalid();
  }
  if (!Array.isArray(parsed) || parsed[0] !== kind || parsed.length !== types.length + 1) throw cursorInvalid();
  const values = parsed.slice(1) as unknown[];
  values.forEach((value, index) => {
    const type = types[index];
    const isValid =
      (type === 'n' && Number.isSafeInteger(value) && (value as number) >= 0) ||
      (type === 's' && typeof value === 'string' && value.length <= 100) ||
      (type === 'b' && typeof value === 'boolean');
    if (!isValid) throw cursorInvalid();
  });
  return values as CursorValue;
}
