// The UTC calendar day of a timestamp column as `YYYY-MM-DD`, for per-day counts (the staff console's dashboard).
import { sql, type SQLWrapper } from 'drizzle-orm';

export const utcDayOf = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
