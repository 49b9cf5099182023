// The staff console's moderation (docs/staff-console.md): the reports queue with its content and history, and the
// photo queues.
import { z } from 'zod';
import { adminScreeningSchema } from './admin-members.ts';
import { adminPhotoSchema, PHOTO_REJECT_REASONS } from './admin-members.ts';
import { adminPageQuerySchema, isoDate, nextCursor, noteSchema, reasonSchema } from './admin-parts.ts';
import { queryRowIdSchema } from './members.ts';
import { BAN_REASONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from './reports.ts';
// ---------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------

export const adminReportsQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(REPORT_STATUSES).default('open'),
  site: queryRowIdSchema.optional(),
});
const reportPartySchema = z.object({
  profile_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  name: z.string().nullable(),
  main_photo_url: z.string().nullable(),
});
export const adminReportSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  target: z.enum(REPORT_TARGETS),
  reason: z.enum(REPORT_REASONS),
  remarks: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reporter: reportPartySchema,
  reported: reportPartySchema,
  photo_id: z.number().int().nullable(),
  message_id: z.number().int().nullable(),
  handled_by_staff_id: z.number().int().nullable(),
  handled_at: isoDate.nullable(),
  resolution: z.string().nullable(),
  created_at: isoDate,
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportsResponseSchema = z.object({ reports: z.array(adminReportSchema), next_cursor: nextCursor });

export const adminReportDetailSchema = adminReportSchema.extend({
  /** The reported content as it is now (null pieces are gone). */
  content: z.object({
    profile: z
      .object({
        name: z.string(),
        about_me: z.string().nullable(),
        city: z.string().nullable(),
        country: z.string().nullable(),
        date_of_birth: z.string().nullable(),
      })
      .nullable(),
    photo_url: z.string().nullable(),
    /** What the image classifier made of the reported photo (docs/safety.md). */
    photo_screening: adminScreeningSchema.nullable(),
    message_text: z.string().nullable(),
    /** A reported photo message: its photo, for staff (GET /api/admin/messages/{id}/photo). */
    message_photo_url: z.string().nullable(),
    message_photo_screening: adminScreeningSchema.nullable(),
  }),
  /** Between the two members: their conversation's last messages (oldest first), likes and blocks either way. */
  history: z.object({
    messages: z.array(
      z.object({
        id: z.number().int(),
        from_profile_id: z.number().int(),
        text: z.string(),
        /** A photo message's thumbnail, for staff; null for other messages. */
        photo_url: z.string().nullable(),
        created_at: isoDate,
      }),
    ),
    likes: z.array(
      z.object({ from_profile_id: z.number().int(), to_profile_id: z.number().int(), created_at: isoDate }),
    ),
    blocks: z.array(
      z.object({ from_profile_id: z.number().int(), to_profile_id: z.number().int(), created_at: isoDate }),
    ),
  }),
  /** Other reports about the same member (counts by status). */
  reported_counts: z.record(z.string(), z.number().int()),
});
export type AdminReportDetail = z.infer<typeof adminReportDetailSchema>;
export const adminReportResponseSchema = z.object({ report: adminReportDetailSchema });

export const adminReportDismissRequestSchema = z.object({ resolution: z.string().trim().min(1).max(1000) });
export const adminReportActionRequestSchema = z.object({
  resolution: z.string().trim().min(1).max(1000),
  /** Also ban the reported member. */
  ban: z.object({ reason: reasonSchema(BAN_REASONS) }).optional(),
  /** Also reject the reported photo (target 'photo'). */
  reject_photo: z.object({ reason: reasonSchema(PHOTO_REJECT_REASONS) }).optional(),
});
export const adminReportActionResponseSchema = z.object({ report: adminReportSchema });

// ---------------------------------------------------------------------------------------------
// Photos queue
// ---------------------------------------------------------------------------------------------

export const adminPhotosQuerySchema = adminPageQuerySchema.extend({
  queue: z.enum(['new', 'reported']).default('new'),
});
/** GET /api/admin/photos/:id/file: the photo's file (private ones too, which members' URLs do not serve to staff). */
export const adminPhotoFileQuerySchema = z.object({ size: z.enum(['full', 'thumb']).optional() });
export const adminPhotoRejectRequestSchema = z.object({
  reason: reasonSchema(PHOTO_REJECT_REASONS),
  note: noteSchema.optional(),
});
export const adminPhotoResponseSchema = z.object({ photo: adminPhotoSchema.nullable() });
