// SPEC section 4: who gets the activation reminder, and whether it is the alert or the smartphone modal.
import type { User } from '@app/contracts';

/** The query flag set when a signup made elsewhere (an API signup) lands here. */
export const SIGNUP_COMPLETE_FLAG = 'api_signup_complete';
export const SMARTPHONE_MAX_WIDTH_PX = 576;
/** A dismissed reminder comes back after a day: the account stays limited until activated. */
export const ACTIVATION_ALERT_DISMISS_MS = 24 * 60 * 60 * 1000;

const MOBILE_USER_AGENT = /Android|iPhone|iPod|Windows Phone|Mobile/i;

export function isSmartphone(viewportWidth: number, userAgent: string): boolean {
  return viewportWidth <= SMARTPHONE_MAX_WIDTH_PX || MOBILE_USER_AGENT.test(userAgent);
}

export function needsActivationReminder(user: Pick<User, 'status' | 'profile'> | null | undefined): boolean {
  return Boolean(user && user.status === 'not_confirmed' && user.profile.status === 'disabled');
}

export type ActivationReminderKind = 'none' | 'alert' | 'modal';

export function getActivationReminderKind(
  user: Pick<User, 'status' | 'profile'> | null | undefined,
  options: { hasSignupCompleteFlag: boolean; isSmartphone: boolean },
): ActivationReminderKind {
  if (!needsActivationReminder(user)) return 'none';
  return options.hasSignupCompleteFlag && options.isSmartphone ? 'modal' : 'alert';
}
