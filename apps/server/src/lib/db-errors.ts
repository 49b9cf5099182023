// Recognising database errors whatever wraps them (node-postgres, PGlite, Drizzle's query error).

/** Whether a database error (or what it wraps: the driver's, Drizzle's query error) has this SQLSTATE. */
export function hasSqlState(error: unknown, code: string): boolean {
  let depth = 0;
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    current && depth < 5;
    current = current.cause as typeof current, depth++
  ) {
    if (current.code === code) return true;
  }
  return false;
}

/** PostgreSQL unique_violation (23505), also when wrapped by the driver or by Drizzle. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** PostgreSQL foreign_key_violation (23503): a row names another that does not exist (or no longer does). */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503');

/**
 * SQLSTATEs that only a request's values cause (a number out of the column's range, text the database cannot store
 * or parse): answered 400 like any other refused input, not 500. The contracts bound every value before SQL; this is
 * the net under a bound someone forgot, so such a request never reads as a server failure (docs/input.md).
 */
const INPUT_DATA_ERRORS: Record<string, 'invalid_value' | 'invalid_text'> = {
  '22001': 'invalid_value', // string_data_right_truncation: longer than a varchar(n)
  '22003': 'invalid_value', // numeric_value_out_of_range: e.g. 2^31 compared with an integer column
  '22007': 'invalid_value', // invalid_datetime_format
  '22008': 'invalid_value', // datetime_field_overflow
  '22P02': 'invalid_value', // invalid_text_representation: e.g. 'abc' cast to integer
  '22021': 'invalid_text', // character_not_in_repertoire: a NUL or an invalid byte sequence in text
  '22P05': 'invalid_text', // untranslatable_character: \u0000 or a lone surrogate escaped in jsonb
  '54000': 'invalid_value', // program_limit_exceeded: e.g. a value too long for a btree index row
};

/** The error code of a database error caused by a request's values (INPUT_DATA_ERRORS), or null for any other error. */
export function inputDataErrorCode(error: unknown): 'invalid_value' | 'invalid_text' | null {
  let depth = 0;
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    current && depth < 5;
    current = current.cause as typeof current, depth++
  ) {
    if (typeof current.code === 'string' && Object.hasOwn(INPUT_DATA_ERRORS, current.code))
      return INPUT_DATA_ERRORS[current.code]!;
  }
  return null;
}
