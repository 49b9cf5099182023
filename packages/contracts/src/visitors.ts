// Who viewed me (docs/visitors.md): GET /api/visitors.php, the members who opened the member's profile in the last
// VISITS_KEPT_DAYS days. Premium members get the list; free members the count only (no visitor's data is sent).
import { z } from 'zod';
import { cursorSchema, profileCardSchema } from './members.ts';

/** Visits are counted, listed and kept this many days. */
export const VISITS_KEPT_DAYS = 30;
/** Visitors per page. */
export const VISITORS_PAGE_SIZE = 24;
/** Free members' page draws at most this many blurred placeholder cards (made by the web app, carrying no data). */
export const VISITORS_PLACEHOLDERS_MAX = 6;

export const visitorsQuerySchema = z.object({ cursor: cursorSchema.optional() });

/** A visitor: the same card as the likes lists, and the newest visit (ISO 8601). */
export const visitorItemSchema = profileCardSchema.extend({ visited_at: z.string() });
export type VisitorItem = z.infer<typeof visitorItemSchema>;

export const visitorsResponseSchema = z.object({
  /** Distinct members who opened the profile in the last VISITS_KEPT_DAYS days (blocked either way left out). */
  count: z.number().int().nonnegative(),
  /** Premium: one page of visitors, newest visit first. Free: always empty (see `is_locked`). */
  visitors: z.array(visitorItemSchema),
  /** The member is not premium: the list stays empty, the page shows blurred placeholders and the upgrade link. */
  is_locked: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last page (and always for free members). */
  next_cursor: z.string().nullable(),
});
export type VisitorsResponse = z.infer<typeof visitorsResponseSchema>;
