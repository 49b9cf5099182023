// @vitest-environment jsdom
// The member alerts' rules (SPEC sections 4 and 6): which of profile photo, push and disabled notifications shows, one at a time, and dismissals honoured.
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../test-support/user.fixture.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { MEMBER_ALERT_DISMISS_KEYS, pickMemberAlert, type MemberAlertInput } from './member-alert-rules.ts';

const PHOTO = { filename: 'a.jpg', thumb_filename: 'a-thumb.jpg', status: 'active' as const };
const withPhoto = (overrides: Parameters<typeof buildUser>[0] = {}) =>
  buildUser({ ...overrides, profile: { ...buildUser().profile, main_image: PHOTO, ...overrides.profile } });

function input(overrides: Partial<MemberAlertInput> = {}): MemberAlertInput {
  return {
    user: withPhoto(),
    push: { state: 'subscribed', isChecked: true },
    wantsPush: true,
    pathname: '/members',
    isDismissed: () => false,
    ...overrides,
  };
}

afterEach(() => localStorage.clear());

describe('pickMemberAlert', () => {
  it('shows nothing to visitors or a member with nothing to fix', () => {
    expect(pickMemberAlert(input({ user: null }))).toBeNull();
    expect(pickMemberAlert(input())).toBeNull();
  });

  it('asks for a profile photo when the member has none', () => {
    expect(pickMemberAlert(input({ user: buildUser() }))).toBe('enrich');
  });

  it('leaves the photo to the activation reminder and to signup, and away from the profile screen', () => {
    expect(pickMemberAlert(input({ user: buildUser({ status: 'not_confirmed' }) }))).toBeNull();
    expect(pickMemberAlert(input({ user: buildUser({ signup_step: 2 }) }))).toBeNull();
    expect(pickMemberAlert(input({ user: buildUser(), pathname: '/profile' }))).toBeNull();
    expect(pickMemberAlert(input({ user: buildUser(), pathname: '/signup' }))).toBeNull();
    expect(pickMemberAlert(input({ user: buildUser(), pathname: '/members/4/signup' }))).toBeNull();
  });

  it.each([
    ['unknown', 'push'],
    ['granted', 'push'],
    ['subscribed', null],
    ['denied', null],
    ['unsupported', null],
  ] as const)('offers push in state %s: %s', (state, expected) => {
    expect(pickMemberAlert(input({ push: { state, isChecked: true } }))).toBe(expected);
  });

  it('waits for the browser and the member switches before offering push, and not to a member who wants none', () => {
    expect(pickMemberAlert(input({ push: { state: 'unknown', isChecked: false } }))).toBeNull();
    expect(pickMemberAlert(input({ push: { state: 'unknown', isChecked: true }, wantsPush: undefined }))).toBeNull();
    expect(pickMemberAlert(input({ push: { state: 'unknown', isChecked: true }, wantsPush: false }))).toBeNull();
    expect(
      pickMemberAlert(input({ push: { state: 'unknown', isChecked: true }, pathname: '/notifications' })),
    ).toBeNull();
  });

  it('says mail stopped, for any status but a deleted account, before anything else', () => {
    const stopped = { notifications_disabled: ['spam' as const] };
    expect(pickMemberAlert(input({ user: buildUser(stopped), push: { state: 'unknown', isChecked: true } }))).toBe(
      'disabledNotifications',
    );
    expect(pickMemberAlert(input({ user: buildUser({ ...stopped, status: 'not_confirmed' }) }))).toBe(
      'disabledNotifications',
    );
    expect(pickMemberAlert(input({ user: buildUser({ ...stopped, status: 'deleted_pending' }) }))).toBeNull();
    expect(pickMemberAlert(input({ user: buildUser(stopped), pathname: '/notifications' }))).toBe('enrich');
  });

  it('skips a dismissed alert for the next one', () => {
    const everything = input({
      user: buildUser({ notifications_disabled: ['bounce'] }),
      push: { state: 'unknown', isChecked: true },
    });
    expect(pickMemberAlert({ ...everything, isDismissed: (kind) => kind === 'disabledNotifications' })).toBe('enrich');
    expect(pickMemberAlert({ ...everything, isDismissed: (kind) => kind !== 'push' })).toBe('push');
    expect(pickMemberAlert({ ...everything, isDismissed: () => true })).toBeNull();
  });

  it('reads dismissals from the storage keys of SPEC section 9', () => {
    expect(MEMBER_ALERT_DISMISS_KEYS).toEqual({
      disabledNotifications: STORAGE_KEYS.disabledNotificationsAlert,
      enrich: STORAGE_KEYS.enrichAlert,
      push: STORAGE_KEYS.pushAlert,
    });
    const { isDismissed: _ignored, ...fromStorage } = input({ user: buildUser() });
    expect(pickMemberAlert(fromStorage)).toBe('enrich');
    localStorage.setItem(STORAGE_KEYS.enrichAlert, String(Date.now()));
    expect(pickMemberAlert(fromStorage)).toBeNull();
  });
});
