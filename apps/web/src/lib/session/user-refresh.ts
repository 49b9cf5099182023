// SPEC sections 7 and 9: how often the current user (and later chats and likes) is refreshed.
import type { User } from '@app/contracts';
import { isPushSubscribedHere } from '../push.ts';

export const FIRST_REFRESH_MS = 5_000;
export const REFRESH_MS = 60_000;
/** A member whose pushes reach this browser hears about news by push, so polling can slow down. */
export const PUSH_REFRESH_MS = 300_000;

/**
 * The delay before the next refresh: the first one 5 s after the page loaded the user, then every 60 s
 * (300 s when push-subscribed: the account has a subscription and it is this browser's, lib/push.ts). Visitors are
 * not polled. `fetchCount` is how many times the user has been loaded so far (1 after the first load).
 */
export function getUserRefreshInterval(
  user: User | null | undefined,
  fetchCount: number,
  isPushSubscribed: boolean = isPushSubscribedHere(),
): number | false {
  if (!user) return false;
  if (fetchCount <= 1) return FIRST_REFRESH_MS;
  return user.push_subscribed && isPushSubscribed ? PUSH_REFRESH_MS : REFRESH_MS;
}
