// The console's Risk queue (docs/safety.md, "Risk"): members with a risk score, each reason with its evidence, and the
// moderators' actions (clear: held sends go out; warn: a mail; refuse: held sends dropped). Suspend and ban are the
// members' own actions (admin-members.ts).
import { z } from 'zod';
import { adminPageQuerySchema, isoDate, nextCursor } from './admin-parts.ts';
import { queryRowIdSchema } from './members.ts';
import { RISK_SIGNALS } from './site-settings.ts';

export const adminRiskQuerySchema = adminPageQuerySchema.extend({ site_id: queryRowIdSchema.optional() });

export const adminRiskReasonSchema = z.object({
  signal: z.enum(RISK_SIGNALS),
  points: z.number().int(),
  at: isoDate,
  /** What the signal found: sample messages, the other account's photo, the counts. */
  evidence: z.record(z.string(), z.unknown()),
});
export type AdminRiskReason = z.infer<typeof adminRiskReasonSchema>;

export const adminRiskMemberSchema = z.object({
  user_id: z.number().int(),
  profile_id: z.number().int().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  site_id: z.number().int(),
  score: z.number().int(),
  /** Messages to partners who never answered are held (the score reached the site's threshold). */
  is_held: z.boolean(),
  held_messages: z.number().int(),
  reasons: z.array(adminRiskReasonSchema),
  updated_at: isoDate,
  cleared_at: isoDate.nullable(),
  warned_at: isoDate.nullable(),
});
export type AdminRiskMember = z.infer<typeof adminRiskMemberSchema>;
export const adminRiskListResponseSchema = z.object({
  members: z.array(adminRiskMemberSchema),
  next_cursor: nextCursor,
});

/** Clear or refuse: how many held sends went out (charged once each) and how many were dropped (nothing charged). */
export const adminRiskDecisionResponseSchema = z.object({ delivered: z.number().int(), refused: z.number().int() });
