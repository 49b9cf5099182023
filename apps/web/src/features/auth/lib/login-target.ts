// Where a member goes after logging in: the page that sent them to login, an unfinished signup, or the members home.
import { SIGNUP_STEPS, type User } from '@app/contracts';
import { HOME_AFTER_LOGIN, paths } from '../../../config/paths.ts';
import { getSafeRedirect } from '../../../lib/safe-redirect.ts';

export function getLoginTarget(user: Pick<User, 'signup_step'>, redirectTo: string | null): string {
  const fallback = user.signup_step < SIGNUP_STEPS.done ? paths.completeSignup.getHref() : HOME_AFTER_LOGIN;
  return getSafeRedirect(redirectTo, fallback);
}
