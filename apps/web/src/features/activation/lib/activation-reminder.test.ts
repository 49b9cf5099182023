// SPEC section 4: the activation reminder is an alert, or a modal on a smartphone after an API signup.
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { getActivationReminderKind, isSmartphone } from './activation-reminder.ts';

const unconfirmed = buildUser({ status: 'not_confirmed', profile: { ...buildUser().profile, status: 'disabled' } });
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('isSmartphone', () => {
  it('is a viewport of at most 576 px or a mobile user agent', () => {
    expect(isSmartphone(576, DESKTOP_UA)).toBe(true);
    expect(isSmartphone(577, DESKTOP_UA)).toBe(false);
    expect(isSmartphone(1200, PHONE_UA)).toBe(true);
  });
});

describe('getActivationReminderKind', () => {
  it('reminds only a not-confirmed member whose profile is disabled', () => {
    const options = { hasSignupCompleteFlag: false, isSmartphone: false };
    expect(getActivationReminderKind(null, options)).toBe('none');
    expect(getActivationReminderKind(buildUser(), options)).toBe('none');
    expect(
      getActivationReminderKind({ ...unconfirmed, profile: { ...unconfirmed.profile, status: 'active' } }, options),
    ).toBe('none');
    expect(getActivationReminderKind(unconfirmed, options)).toBe('alert');
  });

  it('uses the modal only with api_signup_complete on a smartphone', () => {
    expect(getActivationReminderKind(unconfirmed, { hasSignupCompleteFlag: true, isSmartphone: true })).toBe('modal');
    expect(getActivationReminderKind(unconfirmed, { hasSignupCompleteFlag: true, isSmartphone: false })).toBe('alert');
    expect(getActivationReminderKind(unconfirmed, { hasSignupCompleteFlag: false, isSmartphone: true })).toBe('alert');
  });
});
