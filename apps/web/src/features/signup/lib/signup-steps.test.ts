// Which signup screen shows for which member, when the modal may close, and who may sign up at all.
import { describe, expect, it } from 'vitest';
import {
  SIGNUP_SCREEN_COUNT,
  getScreenPosition,
  getSignupAvailability,
  isSignupInProgress,
  resolveSignupScreen,
} from './signup-steps.ts';

const member = (signup_step: number, status: 'not_confirmed' | 'active' = 'not_confirmed') => ({ signup_step, status });

describe('resolveSignupScreen', () => {
  it('starts a visitor at step 0 (account)', () => {
    expect(resolveSignupScreen(null)).toBe(0);
    expect(resolveSignupScreen(undefined)).toBe(0);
  });

  it('continues a member at the step the server remembers', () => {
    expect(resolveSignupScreen(member(1))).toBe(1);
    expect(resolveSignupScreen(member(2))).toBe(2);
    expect(resolveSignupScreen(member(3))).toBe(3);
    expect(resolveSignupScreen(member(4))).toBe(4);
  });

  it('never sends a logged-in member back to the account step', () => {
    expect(resolveSignupScreen(member(0))).toBe(1);
  });

  it('asks to confirm the e-mail after the last step until the account is active', () => {
    expect(resolveSignupScreen(member(5))).toBe('confirm');
    expect(resolveSignupScreen(member(5, 'active'))).toBe('complete');
  });

  it('keeps an active member on unfinished steps', () => {
    expect(resolveSignupScreen(member(3, 'active'))).toBe(3);
  });
});

describe('getScreenPosition', () => {
  it('counts steps 0-4 and the confirm step as 1 to 6', () => {
    expect([0, 1, 2, 3, 4].map((step) => getScreenPosition(step as 0 | 1 | 2 | 3 | 4))).toEqual([1, 2, 3, 4, 5]);
    expect(getScreenPosition('confirm')).toBe(SIGNUP_SCREEN_COUNT);
    expect(SIGNUP_SCREEN_COUNT).toBe(6);
  });
});

describe('isSignupInProgress', () => {
  it('lets the modal close on the account step and after the last step', () => {
    expect(isSignupInProgress(0, false)).toBe(false);
    expect(isSignupInProgress('confirm', false)).toBe(false);
    expect(isSignupInProgress('complete', false)).toBe(false);
  });

  it('holds the modal open during steps 1-4 and while a step is being saved', () => {
    expect([1, 2, 3, 4].every((step) => isSignupInProgress(step as 1 | 2 | 3 | 4, false))).toBe(true);
    expect(isSignupInProgress(0, true)).toBe(true);
  });
});

describe('getSignupAvailability', () => {
  it('opens signup to everyone with `all`', () => {
    expect(getSignupAvailability('all', {})).toBe('open');
  });

  it('opens signup with `with_trafficsource` only to visitors who came with a network or ref', () => {
    expect(getSignupAvailability('with_trafficsource', {})).toBe('invite_only');
    expect(getSignupAvailability('with_trafficsource', { sub1: 'x' })).toBe('invite_only');
    expect(getSignupAvailability('with_trafficsource', { network: 'ads' })).toBe('open');
    expect(getSignupAvailability('with_trafficsource', { ref: '42' })).toBe('open');
  });

  it('shows the invite-only notice for any other setting', () => {
    expect(getSignupAvailability('other', { network: 'ads', ref: '42' })).toBe('invite_only');
  });
});
