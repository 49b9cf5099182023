// Parts the staff console's schemas share (admin*.ts): paging, the staff member, the empty body and the success answer.
import { z } from 'zod';
import { cursorSchema, queryRowIdSchema } from './members.ts';
export const STAFF_ROLES = ['admin', 'moderator', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

// ---------------------------------------------------------------------------------------------
// Shared parts
// ---------------------------------------------------------------------------------------------

/** `:id` in an admin route's path. */
export const adminIdParamsSchema = z.object({ id: queryRowIdSchema });
/** `?cursor=` of every list; lists answer `next_cursor` (null on the last page). */
export const adminPageQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const nextCursor = z.string().nullable();
export const isoDate = z.string();
export const noteSchema = z.string().trim().max(2000);
/**
 * The reason of a ban, suspension, photo or selfie rejection: chosen on purpose from the list, never defaulted, so a
 * missing or unknown one is refused with "Choose a reason" (docs/staff-console.md).
 */
export const reasonSchema = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, 'reason_required');

export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type Staff = z.infer<typeof staffSchema>;

export const adminSuccessSchema = z.object({ success: z.literal(true) });
/** The body of an action that takes none (logout, approve, close, refund): nothing, or `{}`. */
export const adminEmptyBodySchema = z.object({}).nullish();
