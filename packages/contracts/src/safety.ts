// Safety (docs/safety.md): the member's choice of which chat photos that may be explicit arrive blurred, and the
// original of a blurred chat photo on request.
import { z } from 'zod';

export const CHAT_PHOTO_BLUR_CHOICES = ['everyone', 'unmatched', 'never'] as const;
export type ChatPhotoBlurChoice = (typeof CHAT_PHOTO_BLUR_CHOICES)[number];

export const safetySettingsSchema = z.object({
  /** Blur chat photos that may be explicit from everyone, from members I have not matched with (default), or never. */
  chat_photo_blur: z.enum(CHAT_PHOTO_BLUR_CHOICES, 'invalid_value'),
});
export type SafetySettings = z.infer<typeof safetySettingsSchema>;
export const safetySettingsResponseSchema = z.object({ settings: safetySettingsSchema });
export const updateSafetySettingsRequestSchema = safetySettingsSchema;

/** POST /api/chat-photo-view.php: the receiver chose to see a blurred photo. */
export const chatPhotoViewRequestSchema = z.object({
  message_id: z.number('invalid_value').int('invalid_value').positive('invalid_value'),
});
export const chatPhotoViewResponseSchema = z.object({ url: z.string(), thumb_url: z.string() });
export type ChatPhotoViewResponse = z.infer<typeof chatPhotoViewResponseSchema>;
