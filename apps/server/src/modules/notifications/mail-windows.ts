// When notification mails may go (docs/notifications.md): the waits and windows that gather new-message and like mails,
// and the day after which unread messages get their reminder.

/** New-message mails wait this long after the first unmailed message: read on the site meanwhile, no mail. */
export const MESSAGE_MAIL_DELAY_MS = 5 * 60_000;
/** At most one new-message mail per conversation in this window; later messages are gathered into the next one. */
export const MESSAGE_MAIL_WINDOW_MS = 15 * 60_000;
/** Like mails: gathered for a while, and at most one an hour. */
export const LIKE_MAIL_DELAY_MS = 5 * 60_000;
export const LIKE_MAIL_WINDOW_MS = 60 * 60_000;
/** Messages still unread this long after the last one arrived get one reminder. */
export const UNREAD_REMINDER_DELAY_MS = 24 * 60 * 60_000;

/** A conversation's next new-message mail: the wait after the first unmailed message, and a window after the last mail. */
export const messageMailTime = (pendingSince: Date, mailedAt: Date | null): Date =>
  new Date(
    Math.max(pendingSince.getTime() + MESSAGE_MAIL_DELAY_MS, (mailedAt?.getTime() ?? 0) + MESSAGE_MAIL_WINDOW_MS),
  );

/** A member's next like mail: a wait from now, and a window after the last like mail. */
export const likeMailTime = (now: Date, likeMailedAt: Date | null): Date =>
  new Date(Math.max(now.getTime() + LIKE_MAIL_DELAY_MS, (likeMailedAt?.getTime() ?? 0) + LIKE_MAIL_WINDOW_MS));
