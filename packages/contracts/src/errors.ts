// The one JSON shape of every API error, and the error codes the clients translate.
import { z } from 'zod';

export const fieldErrorSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const apiErrorSchema = z.object({
  error: z.object({
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    fields: z.array(fieldErrorSchema).optional(),
  }),
  authentication_required: z.literal(true).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Error codes double as i18n keys in the `errors` namespace. */
export const ERROR_CODES = [
  'error_generic',
  'error_occurred',
  'bad_request',
  'invalid_value',
  'not_found',
  'route_not_found',
  'validation_failed',
  'authentication_required',
  'forbidden',
  'csrf_rejected',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
