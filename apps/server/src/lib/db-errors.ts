// Recognising database errors whatever wraps them (node-postgres, PGlite, Drizzle's query error).

/** PostgreSQL unique_violation (23505), also when wrapped by the driver or by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return true;
  }
  return false;
}
