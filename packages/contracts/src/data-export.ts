// GDPR "Download my data" (issue 14, docs/data-export.md): POST /api/data-export.php queues the export; the member
// gets a mail with a signed link (GET /api/data-export.php?id&expires&sig, also needing their session).
import { z } from 'zod';

/** One export per this many hours per member. */
export const DATA_EXPORT_INTERVAL_HOURS = 24;
/** The mailed link (and the file) last this many days. */
export const DATA_EXPORT_LINK_DAYS = 7;

/** POST /api/data-export.php takes no fields: an empty object or no body at all. */
export const dataExportRequestSchema = z.object({}).strict().nullish();
export const dataExportResponseSchema = z.object({ status: z.literal('pending') });
export type DataExportResponse = z.infer<typeof dataExportResponseSchema>;

export const dataExportDownloadQuerySchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
  expires: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** Error codes (i18n keys in the `errors` namespace). */
export const DATA_EXPORT_ERROR_CODES = [
  'data_export_limited',
  'data_export_link_invalid',
  'data_export_link_expired',
] as const;
