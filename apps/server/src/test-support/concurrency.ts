// Concurrency tests run on both databases, but only PostgreSQL runs queries side by side: PGlite has one
// connection, so there they check the logic only. Their names say which (CI's PostgreSQL pass proves the locking).
export const isPostgresTestDatabase = Boolean(process.env.TEST_DATABASE_URL);

export const concurrencyProves = isPostgresTestDatabase
  ? 'on PostgreSQL: proves the locking'
  : 'on PGlite (one connection): proves only the logic; the PostgreSQL run proves the locking';
