// The time bonus of SPEC sections 2, 4 and 9: who may see it, when it ends, and the members area its modal belongs to.
import { matchPath } from 'react-router';
import { TIME_BONUS_SECONDS, type DiscountCode, type User } from '@app/contracts';
import { paths } from '../../../config/paths.ts';

/** SPEC 9: the time-bonus modal opens 40 s after the member entered the members area. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
export const TIME_BONUS_WINDOW_MS = TIME_BONUS_SECONDS * 1000;

/** SPEC 2: the members area is members, members-id, chats, likes, likes-m-id and premium. */
const MEMBERS_AREA = [
  paths.members,
  paths.membersId,
  paths.chats,
  paths.chatsId,
  paths.likes,
  paths.likesMId,
  paths.premium,
].map((route) => route.path);

export function isInMembersArea(pathname: string): boolean {
  return MEMBERS_AREA.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** When the signup's 4 hours end, or null when the signup date is missing or unreadable. */
export function signupWindowEnd(user: Pick<User, 'signup_date'>): number | null {
  const signupAt = Date.parse(user.signup_date);
  return Number.isFinite(signupAt) ? signupAt + TIME_BONUS_WINDOW_MS : null;
}

/**
 * Whether to ask the server for the time bonus at all: a logged-in, unpaid member whose signup is under 4 hours old.
 * The server decides whether the bonus still applies; this only keeps everyone else from asking.
 */
export function mayHaveTimeBonus(
  user: Pick<User, 'paid_user' | 'signup_date'> | null | undefined,
  now: number,
): boolean {
  if (!user || user.paid_user) return false;
  const end = signupWindowEnd(user);
  return end !== null && now < end;
}

/** The end of the time bonus the server answered (its `expires`), or null when the welcome code is no running time bonus. */
export function timeBonusEnd(code: DiscountCode | null | undefined, now: number): number | null {
  if (!code || code.source !== 'time_bonus' || code.status !== 'active' || code.expired || !code.expires) return null;
  const end = Date.parse(code.expires);
  return Number.isFinite(end) && end > now ? end : null;
}

/** The conversation screens: no modal opens over a conversation (docs/web-layout.md, "Offers at the right moment"). */
const CONVERSATION_SCREENS = [paths.chats, paths.chatsId, paths.membersIdChat].map((route) => route.path);

export function isConversationScreen(pathname: string): boolean {
  return CONVERSATION_SCREENS.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** Whether the time-bonus modal may open now: credits 0, the bonus visible, never dismissed, inside the members area. */
export function shouldOfferTimeBonusModal(input: {
  credits: number;
  isBonusVisible: boolean;
  isDismissed: boolean;
  pathname: string;
}): boolean {
  return input.credits <= 0 && input.isBonusVisible && !input.isDismissed && isInMembersArea(input.pathname);
}
