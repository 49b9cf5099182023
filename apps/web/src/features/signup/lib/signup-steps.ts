// Which signup screen to show: steps 0-4 from the server's signup_step, then confirm-e-mail; and who may sign up at all.
import type { SIGNUP_STEPS as CONTRACT_SIGNUP_STEPS, Settings, Tracking, User } from '@app/contracts';
import { hasTrafficSource } from '../../../lib/tracking.ts';

/** The contract's SIGNUP_STEPS (checked equal at compile time) without loading zod with the layouts. */
const SIGNUP_STEPS = {
  account: 0,
  photo: 1,
  aboutMe: 2,
  details: 3,
  push: 4,
  done: 5,
} as const satisfies typeof CONTRACT_SIGNUP_STEPS;

export type SignupStepNumber = 0 | 1 | 2 | 3 | 4;
/** `confirm`: every step done, the activation link still to click; `complete`: nothing left to do. */
export type SignupScreen = SignupStepNumber | 'confirm' | 'complete';

/** The steps a progress indicator counts (0-4 and the confirm-e-mail step). */
export const SIGNUP_SCREEN_COUNT = 6;
export const SIGNUP_STEP_NAMES = ['account', 'photo', 'aboutMe', 'details', 'push'] as const;

export function resolveSignupScreen(user: Pick<User, 'signup_step' | 'status'> | null | undefined): SignupScreen {
  if (!user) return SIGNUP_STEPS.account;
  if (user.signup_step < SIGNUP_STEPS.done) return Math.max(SIGNUP_STEPS.photo, user.signup_step) as SignupStepNumber;
  return user.status === 'not_confirmed' ? 'confirm' : 'complete';
}

/** 1-based position for "Step n of 6". */
export function getScreenPosition(screen: SignupScreen): number {
  if (screen === 'confirm' || screen === 'complete') return SIGNUP_SCREEN_COUNT;
  return screen + 1;
}

/** A member between step 1 and the end: closing the modal by backdrop or Escape would lose the flow. */
export function isSignupInProgress(screen: SignupScreen, isSubmitting: boolean): boolean {
  return isSubmitting || (typeof screen === 'number' && screen > SIGNUP_STEPS.account);
}

export type SignupAvailability = 'open' | 'invite_only';

/** SPEC section 6: `all` lets everyone in, `with_trafficsource` only visitors who came with tracking data, anything else is invite-only. */
export function getSignupAvailability(mode: Settings['signups'], tracking: Tracking): SignupAvailability {
  if (mode === 'all') return 'open';
  if (mode === 'with_trafficsource' && hasTrafficSource(tracking)) return 'open';
  return 'invite_only';
}
