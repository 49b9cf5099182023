// Chat: conversations, messages (text, photo, gift), the conversation list and the realtime events of the member socket.
import { z } from 'zod';
import { mainImageSchema } from './accounts.ts';
import { queryIntSchema } from './input.ts';
import { cursorSchema, queryRowIdSchema, rowIdSchema } from './members.ts';
import { BAN_REASONS } from './reports.ts';

// ---------------------------------------------------------------------------------------------
// Constants (SPEC sections 1, 6 and 9; the rest are decisions written down in docs/chat.md)
// ---------------------------------------------------------------------------------------------

/** A free member may start this many conversations over the life of the account (SPEC 9). */
export const FREE_CONVERSATION_LIMIT = 2;
/** chats.php lists this many conversations; next_cursor pages further. */
export const CHATS_PAGE_SIZE = 50;
/** Messages per page of a conversation, newest first. */
export const MESSAGES_PAGE_SIZE = 30;
/** Messages older than this many days are not shown ("older messages are hidden for privacy", docs/chat.md). */
export const CHAT_HISTORY_DAYS = 180;
/** A client id: what the browser generates per send so a retried send is stored and charged once. */
export const CLIENT_ID_MAX_LENGTH = 64;
/** Last message previews in the conversation list are cut to this many characters. */
export const CHAT_PREVIEW_LENGTH = 80;
/** The gift catalogue: each gift is sent as a message and costs the site's gift_credits. Images are the web app's own. */
export const GIFT_KEYS = ['rose', 'heart', 'chocolates', 'champagne', 'teddy', 'coffee', 'cake', 'star'] as const;
export type GiftKey = (typeof GIFT_KEYS)[number];
/** How many translated opening lines the icebreaker modal offers (keys chat:icebreakers.1 .. n). */
export const ICEBREAKER_COUNT = 6;
/** How long a typing event counts on the receiving side before the dots go away. */
export const TYPING_VISIBLE_MS = 5000;
/** The socket path (WebSocket, same origin, session cookie). */
export const CHAT_SOCKET_PATH = '/api/socket';

/** Error codes of this feature; each is a key in the `errors` namespace. */
export const CHAT_ERROR_CODES = [
  'conversation_not_found',
  /** The sender's messages to partners who never answered wait for a moderator (docs/safety.md, "Risk"). */
  'message_held',
  'conversation_limit_reached',
  'message_empty',
  'message_too_long',
  'message_attachment_invalid',
  'gift_invalid',
  'profile_not_messageable',
  'cannot_message_self',
  'partner_not_confirmed',
  'member_unavailable',
  'premium_required_chat_photos',
  'client_id_reused',
  'client_id_invalid',
  'login_required_chat',
] as const;
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const MESSAGE_KINDS = ['text', 'photo', 'gift'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A client-generated id (for example a UUID): letters, digits, dashes and underscores. */
export const clientIdSchema = z
  .string()
  .min(8, 'client_id_invalid')
  .max(CLIENT_ID_MAX_LENGTH, 'client_id_invalid')
  .regex(/^[A-Za-z0-9_-]+$/, 'client_id_invalid');

export const CHAT_PHOTO_BLUR_REASONS = ['explicit', 'checking'] as const;
export type ChatPhotoBlurReason = (typeof CHAT_PHOTO_BLUR_REASONS)[number];

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  /** Per-conversation sequence, in commit order: catch up with `after`. */
  seq: z.number().int(),
  client_id: z.string().nullable(),
  /** The sender's profile id. */
  sender_id: z.number().int(),
  is_mine: z.boolean(),
  kind: z.enum(MESSAGE_KINDS),
  /** The text of a text message; null for photos and gifts. */
  body: z.string().nullable(),
  /**
   * Signed, expiring URLs of the photo (only the two members get them). `blurred`: the receiver gets the blurred copy
   * (docs/safety.md) because the photo may be explicit (`explicit`) or was not screened yet (`checking`); the original
   * comes from chat-photo-view.php.
   */
  photo: z
    .object({
      url: z.string(),
      thumb_url: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      blurred: z.boolean(),
      blur_reason: z.enum(CHAT_PHOTO_BLUR_REASONS).nullable(),
    })
    .nullable(),
  gift: z.enum(GIFT_KEYS).nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Why the member cannot send in a conversation right now (the web shows it instead of, or above, the send footer). */
export const SEND_BLOCKED_REASONS = [
  'blocked_by',
  'member_blocked',
  'partner_not_confirmed',
  'profile_not_messageable',
  'conversation_limit_reached',
  'partner_gone',
  /** The partner is banned or suspended (docs/bans.md). */
  'member_unavailable',
] as const;
export type SendBlockedReason = (typeof SEND_BLOCKED_REASONS)[number];

export const chatPartnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  main_image: mainImageSchema.nullable(),
  is_fictional: z.boolean(),
  /** False while the partner has not confirmed their e-mail address: the member cannot reply yet. */
  is_confirmed: z.boolean(),
  /** Staff approved the partner's verification selfie (docs/verification.md). */
  is_verified: z.boolean(),
});
export type ChatPartner = z.infer<typeof chatPartnerSchema>;

export const lastMessageSchema = z.object({
  kind: z.enum(MESSAGE_KINDS),
  /** At most CHAT_PREVIEW_LENGTH characters of a text; null for photos and gifts. */
  preview: z.string().nullable(),
  gift: z.enum(GIFT_KEYS).nullable(),
  is_mine: z.boolean(),
  created_at: z.string(),
});

/** One entry of the conversation list (SPEC 3 "Chat entry"). */
export const chatEntrySchema = z.object({
  conversation: z.object({ id: z.number().int() }),
  /** `is_available` is false while staff have banned or suspended the member: the list says so (docs/bans.md). */
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    main_image: mainImageSchema.nullable(),
    is_available: z.boolean(),
  }),
  num_unread_messages: z.number().int(),
  last_message: lastMessageSchema.nullable(),
  /** The conversation's newest sequence number. */
  last_seq: z.number().int(),
  /** When the conversation last changed for the member: the list's order, newest first. */
  last_activity_at: z.string(),
  /** The member's change version of this entry (compare with `version`). */
  version: z.number().int(),
});
export type ChatEntry = z.infer<typeof chatEntrySchema>;

/** GET /api/chats.php: `?cursor=` pages older conversations; `?since=<version>` answers only what changed since then. */
export const chatsQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  since: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, 'invalid_value')
    .transform(Number)
    .optional(),
});
export type ChatsQuery = z.input<typeof chatsQuerySchema>;

export const chatsResponseSchema = z.object({
  chats: z.array(chatEntrySchema),
  next_cursor: z.string().nullable(),
  /** The member's conversation-list version now: pass it as `since` to get what changed after it. */
  version: z.number().int(),
  /** With `since`: conversations that left the list since then (deleted, or hidden by a block). */
  removed: z.array(z.number().int()),
  /** Unread messages in all conversations (the messages badge and the page title). */
  unread_total: z.number().int(),
  /** How many conversations the member has started (free members may start FREE_CONVERSATION_LIMIT). */
  started_count: z.number().int(),
});
export type ChatsResponse = z.infer<typeof chatsResponseSchema>;

/**
 * GET /api/chat.php: one conversation, by `conversation` id or by partner `profile` id (`/members/{id}/chat`).
 * Without `before`/`after` the newest page; `before=<seq>` pages back, `after=<seq>` catches up forward.
 */
export const chatQuerySchema = z
  .object({
    conversation: queryRowIdSchema.optional(),
    profile: queryRowIdSchema.optional(),
    before: queryRowIdSchema.optional(),
    // A sequence number is an `integer` column: a larger one would overflow in SQL.
    after: queryIntSchema(0).optional(),
  })
  .refine((query) => (query.conversation === undefined) !== (query.profile === undefined), {
    message: 'invalid_value',
    path: ['conversation'],
  });
export type ChatQuery = z.input<typeof chatQuerySchema>;

export const chatResponseSchema = z.object({
  /** Null when the two have no conversation yet (opened by profile): the first send starts it. */
  conversation: z
    .object({ id: z.number().int(), last_seq: z.number().int(), partner_read_seq: z.number().int() })
    .nullable(),
  partner: chatPartnerSchema,
  /** Oldest first. */
  messages: z.array(chatMessageSchema),
  /** More (older) messages exist within the privacy window: page with before=<first seq>. */
  has_more: z.boolean(),
  /** Older messages exist but are hidden for privacy (older than CHAT_HISTORY_DAYS). */
  has_hidden_history: z.boolean(),
  /** Null when the member may send; otherwise why not. */
  send_blocked_reason: z.enum(SEND_BLOCKED_REASONS).nullable(),
  /** What each kind costs on this site (settings message_credits, photo_credits, gift_credits). */
  prices: z.object({ text: z.number().int(), photo: z.number().int(), gift: z.number().int() }),
  /** The site's message_length. */
  max_length: z.number().int(),
  /** Whether photo attachments are open to the member (premium only, docs/chat.md). */
  can_send_photos: z.boolean(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** POST /api/message.php: a text or a gift to a member (the conversation is started when there is none). */
export const sendMessageRequestSchema = z
  .object({
    to: rowIdSchema,
    client_id: clientIdSchema,
    text: z.string().optional(),
    gift: z.string().optional(),
  })
  .refine((body) => (body.text === undefined) !== (body.gift === undefined), {
    message: 'message_empty',
    path: ['text'],
  });
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const sendMessageResponseSchema = z.object({
  message: chatMessageSchema,
  conversation: z.object({ id: z.number().int() }),
  /** The member's balance after the send. */
  credits: z.number().int(),
  /** A photo send, the member's first: photos that may be explicit arrive blurred for the receiver (docs/safety.md). */
  blur_notice: z.boolean().optional(),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** Fields of the multipart POST /api/message-photo.php (besides the file field "photo"). */
export const sendPhotoFieldsSchema = z.object({
  to: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'invalid_value')
    .transform(Number)
    .pipe(rowIdSchema),
  client_id: clientIdSchema,
});

/** POST /api/chat-read.php: the member has seen the conversation up to `seq`. */
export const chatReadRequestSchema = z.object({
  conversation: rowIdSchema,
  seq: z.number().int().min(0).max(2_147_483_647),
});
export const chatReadResponseSchema = z.object({
  num_unread_messages: z.number().int(),
  unread_total: z.number().int(),
});

/** DELETE /api/chat.php (SPEC 7). */
export const deleteChatRequestSchema = z.object({ conversation: rowIdSchema });
export const deleteChatResponseSchema = z.object({ removed: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// The member socket (CHAT_SOCKET_PATH): events from the server, and what the client may send
// ---------------------------------------------------------------------------------------------

export const socketServerEventSchema = z.discriminatedUnion('type', [
  /** First event after connecting: the member's current chat version and unread totals. */
  z.object({
    type: z.literal('hello'),
    profile_id: z.number().int(),
    version: z.number().int(),
    unread_total: z.number().int(),
  }),
  /** A message in one of the member's conversations (sent by the partner or by the member on another device). */
  z.object({
    type: z.literal('message'),
    message: chatMessageSchema,
    partner_id: z.number().int(),
    version: z.number().int(),
    /** The sender's credits after the send: on the sender's own event only (their other tabs show the new balance). */
    credits: z.number().int().optional(),
  }),
  /** A conversation was read up to `seq` by `reader_id` (the partner: read marks; the member elsewhere: unread counts). */
  z.object({
    type: z.literal('read'),
    conversation_id: z.number().int(),
    reader_id: z.number().int(),
    seq: z.number().int(),
    version: z.number().int(),
  }),
  z.object({ type: z.literal('typing'), conversation_id: z.number().int(), profile_id: z.number().int() }),
  z.object({ type: z.literal('conversation_removed'), conversation_id: z.number().int(), version: z.number().int() }),
  z.object({ type: z.literal('unread'), unread_total: z.number().int() }),
  /** A chat photo was screened (docs/safety.md): the conversation's photos may show differently now. */
  z.object({ type: z.literal('photo_screened'), conversation_id: z.number().int(), message_id: z.number().int() }),
  /** Someone liked the member, or a like became a match: the likes badge refreshes. */
  z.object({ type: z.literal('like'), profile_id: z.number().int(), is_match: z.boolean() }),
  /** A match ended (the other member unmatched): the likes lists and that member's profile refresh. */
  z.object({ type: z.literal('unmatch'), profile_id: z.number().int() }),
  /** The member's credits or premium state changed (refresh user.php). */
  z.object({ type: z.literal('member_changed') }),
  /**
   * A member of the member's conversations was banned or suspended (`is_available` false) or let back in
   * (docs/bans.md): the conversation list and the conversation with them reload, so the composer goes or comes back.
   */
  z.object({ type: z.literal('member_availability'), profile_id: z.number().int(), is_available: z.boolean() }),
  /** The answer to a client ping. */
  z.object({ type: z.literal('pong') }),
  /**
   * The member's sessions ended somewhere (a logout elsewhere, a password change, a ban): the socket closes next.
   * `ban_reason` when staff banned or suspended the member: the tab goes to /pages/ban?reason= at once (issue 14).
   */
  z.object({ type: z.literal('session_ended'), ban_reason: z.enum(BAN_REASONS).nullable() }),
]);
export type SocketServerEvent = z.infer<typeof socketServerEventSchema>;

export const socketClientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversation_id: rowIdSchema }),
  z.object({ type: z.literal('ping') }),
  /**
   * The conversation this page shows now (null: none, or the page is hidden). A message in it is not pushed or mailed
   * to the member while the socket lives (docs/notifications.md). Send on opening, leaving and on visibility changes.
   */
  z.object({ type: z.literal('viewing'), conversation_id: rowIdSchema.nullable() }),
]);
export type SocketClientEvent = z.infer<typeof socketClientEventSchema>;
