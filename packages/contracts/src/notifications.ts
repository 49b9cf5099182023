// Notifications (SPEC sections 2, 3, 4, 6, 8): per-type e-mail and push switches, invisible mode, showing the profile
// in the site's ads, and what the notifications screen (/notifications) reads and writes. Served by GET and PUT
// /api/notifications.php.
import { z } from 'zod';
import { NOTIFICATIONS_DISABLED_REASONS } from './accounts.ts';

/** SPEC section 3, Notification types. */
export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Marketing types: only with consent, off by default (EU law). */
export const MARKETING_NOTIFICATION_TYPES = ['promotions', 'news'] as const satisfies readonly NotificationType[];

/** Types a push notification exists for (the others are e-mail only). */
export const PUSH_NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
] as const satisfies readonly NotificationType[];

export const notificationChannelsSchema = z.object({ email: z.boolean(), push: z.boolean() });
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** Every type with its two switches (push is false and ignored for e-mail-only types). */
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, notificationChannelsSchema])) as Record<
    NotificationType,
    typeof notificationChannelsSchema
  >,
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** GET /api/notifications.php */
export const notificationSettingsSchema = z.object({
  preferences: notificationPreferencesSchema,
  /** Invisible mode (SPEC section 4): left out of search, suggestions and the swipe game. */
  invisible: z.boolean(),
  /** The member agreed to appear on the site's advertising pages (landers, docs/landers.md); off by default. */
  show_in_ads: z.boolean(),
  /** "Don't record my visits": opening other members' profiles leaves no visit (docs/visitors.md); off by default. */
  private_visits: z.boolean(),
  /** Why the system stopped all mail to this member (SPEC section 8); empty when mail flows. */
  notifications_disabled: z.array(z.enum(NOTIFICATIONS_DISABLED_REASONS)),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsResponseSchema = z.object({ settings: notificationSettingsSchema });
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponseSchema>;

/**
 * PUT /api/notifications.php: any subset, saved at once. `preferences` may name some types and, per type, one or
 * both channels. `resume_mail: true` clears notifications_disabled (after the member fixed the address or
 * re-subscribed); `invisible`, `show_in_ads` and `private_visits` are the profile's flags; answers the whole settings object.
 */
export const updateNotificationSettingsRequestSchema = z
  .object({
    preferences: z
      .object(
        Object.fromEntries(
          NOTIFICATION_TYPES.map((type) => [type, notificationChannelsSchema.partial().strict().optional()]),
        ) as Record<
          NotificationType,
          z.ZodOptional<
            z.ZodObject<{ email: z.ZodOptional<z.ZodBoolean>; push: z.ZodOptional<z.ZodBoolean> }, z.core.$strict>
          >
        >,
      )
      .strict(),
    invisible: z.boolean(),
    show_in_ads: z.boolean(),
    private_visits: z.boolean(),
    resume_mail: z.literal(true),
  })
  .partial()
  .strict();
export type UpdateNotificationSettingsRequest = z.infer<typeof updateNotificationSettingsRequestSchema>;

/**
 * The JSON payload of a web push (sent encrypted by the server, read by the service worker, version 2). Texts are
 * already in the member's language; `url` is the screen a click opens (same origin path).
 */
export const pushPayloadSchema = z.object({
  v: z.literal(2),
  type: z.enum(PUSH_NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** Same-origin path: /chats/{id} for messages and conversations, /members/{id} for a like or a match. */
  url: z.string().startsWith('/'),
  /** Notifications with the same tag replace each other (one per conversation, one per liker). */
  tag: z.string(),
  /** Absolute or same-origin image URL of the other member's photo, when there is one. */
  icon: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * POST /api/mail-events.php: the mail provider's webhook (bounces, complaints, unsubscribes in the mail app), with
 * the shared secret in the MAIL_EVENTS_SECRET_HEADER header (docs/notifications.md). Report hard bounces only.
 */
export const MAIL_EVENT_TYPES = ['bounce', 'complaint', 'unsubscribe'] as const;
export const MAIL_EVENTS_SECRET_HEADER = 'x-mail-events-secret';
export const mailEventRequestSchema = z
  .object({
    type: z.enum(MAIL_EVENT_TYPES),
    email: z.string().trim().min(3).max(254).includes('@'),
    /** Only the accounts of this site; absent: every account of the address. */
    site_domain: z.string().trim().min(1).max(253).optional(),
  })
  .strict();
export type MailEventRequest = z.infer<typeof mailEventRequestSchema>;
export const mailEventResponseSchema = z.object({ accounts: z.number().int() });
