// Which member alert of SPEC section 4 shows (profile photo "enrich", push, disabled notifications), by the rules of SPEC section 6: status, photo, notification settings, dismissals.
import type { User } from '@app/contracts';
import type { PushState } from '../../lib/push.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { isAlertDismissed, isSignupPath } from './alert-store.ts';

/** In the order they win: one member alert at a time, the most pressing first (docs/notifications.md). */
export const MEMBER_ALERT_KINDS = ['disabledNotifications', 'enrich', 'push'] as const;
export type MemberAlertKind = (typeof MEMBER_ALERT_KINDS)[number];

/** SPEC section 9: where each alert's dismissal (a timestamp) is kept. */
export const MEMBER_ALERT_DISMISS_KEYS: Readonly<Record<MemberAlertKind, string>> = {
  disabledNotifications: STORAGE_KEYS.disabledNotificationsAlert,
  enrich: STORAGE_KEYS.enrichAlert,
  push: STORAGE_KEYS.pushAlert,
};

export type MemberAlertInput = {
  user: Pick<User, 'status' | 'signup_step' | 'notifications_disabled' | 'profile'> | null | undefined;
  push: { state: PushState; isChecked: boolean };
  /** Whether the member has at least one push type switched on; undefined while not known. */
  wantsPush: boolean | undefined;
  pathname: string;
  isDismissed?: (kind: MemberAlertKind) => boolean;
};

const SIGNUP_DONE_STEP = 5;

/** The screen where the alert's action is done already shows it. */
const SCREEN_OF: Readonly<Record<MemberAlertKind, string>> = {
  disabledNotifications: '/notifications',
  enrich: '/profile',
  push: '/notifications',
};

function isDismissedInStorage(kind: MemberAlertKind): boolean {
  return isAlertDismissed({ dismissKey: MEMBER_ALERT_DISMISS_KEYS[kind] });
}

function applies(kind: MemberAlertKind, { user, push, wantsPush }: MemberAlertInput): boolean {
  if (!user) return false;
  switch (kind) {
    // Every status: an unconfirmed member whose activation mail bounced needs to know most of all.
    case 'disabledNotifications':
      return user.status !== 'deleted_pending' && user.notifications_disabled.length > 0;
    // Only once the address is confirmed and signup (which asks for a photo and for push itself) is done.
    case 'enrich':
      return user.status === 'active' && user.signup_step >= SIGNUP_DONE_STEP && !user.profile.main_image;
    // Only where this browser can still be asked (not unsupported, not blocked, not already on), and only for a
    // member who wants some push type at all.
    case 'push':
      return (
        user.status === 'active' &&
        user.signup_step >= SIGNUP_DONE_STEP &&
        push.isChecked &&
        (push.state === 'unknown' || push.state === 'granted') &&
        wantsPush === true
      );
  }
}

/** The member alert to show now, or null. */
export function pickMemberAlert(input: MemberAlertInput): MemberAlertKind | null {
  if (isSignupPath(input.pathname)) return null;
  const isDismissed = input.isDismissed ?? isDismissedInStorage;
  for (const kind of MEMBER_ALERT_KINDS) {
    if (input.pathname === SCREEN_OF[kind] || isDismissed(kind)) continue;
    if (applies(kind, input)) return kind;
  }
  return null;
}
