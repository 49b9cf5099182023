// The time-bonus modal's timing (SPEC 4 and 9): 40 s after entering the members area when credits are 0 and the bonus runs;
// moving inside the area keeps the wait, leaving it cancels it; never again once dismissed; never over a conversation or
// while the member types (issue 44). And the banner around it.
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { TIME_BONUS_CODE, type DiscountCode } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { AlertBanners } from '../../../components/alerts/alert-banners.tsx';
import { clearAlerts } from '../../../components/alerts/alert-store.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { isInMembersArea, mayHaveTimeBonus, timeBonusEnd } from '../lib/time-bonus.ts';
import { TimeBonusModalHost, WelcomeBonusHost } from './welcome-bonus-host.tsx';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');
const ENDS_AT = NOW + 2 * 3_600_000;
const HOUR = 3_600_000;

beforeAll(() => setupI18n());
beforeEach(() => {
  localStorage.clear();
  clearAlerts();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
}

/** Fake time forward, flushing React and promises (Testing Library's find* and waitFor do not run on fake timers). */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderModalHost(path: string, props: { endsAt?: number | null; credits?: number } = {}) {
  return renderWithProviders(
    <TimeBonusModalHost endsAt={props.endsAt === undefined ? ENDS_AT : props.endsAt} credits={props.credits ?? 0} />,
    { path },
  );
}

const dialog = () => screen.queryByRole('dialog');

describe('time-bonus rules', () => {
  it('knows the members area: members, members-id, chats, likes, likes-m-id and premium', () => {
    for (const path of ['/members', '/members/12', '/chats', '/chats/5', '/likes', '/likes/m/9', '/premium'])
      expect(isInMembersArea(path), path).toBe(true);
    for (const path of ['/', '/credits', '/credits/3', '/likes/liked', '/members/12/chat', '/profile', '/pricing'])
      expect(isInMembersArea(path), path).toBe(false);
  });

  it('asks for the bonus only for an unpaid member within 4 hours of signup, and takes its end from the server', () => {
    const signup = new Date(NOW - HOUR).toISOString();
    expect(mayHaveTimeBonus(buildUser({ paid_user: false, signup_date: signup }), NOW)).toBe(true);
    expect(mayHaveTimeBonus(buildUser({ paid_user: true, signup_date: signup }), NOW)).toBe(false);
    expect(mayHaveTimeBonus(buildUser({ signup_date: new Date(NOW - 4 * HOUR - 1000).toISOString() }), NOW)).toBe(
      false,
    );
    expect(mayHaveTimeBonus(buildUser({ signup_date: '' }), NOW)).toBe(false);
    expect(mayHaveTimeBonus(null, NOW)).toBe(false);
    const bonus = timeBonusCode(new Date(ENDS_AT).toISOString());
    expect(timeBonusEnd(bonus, NOW)).toBe(ENDS_AT);
    expect(timeBonusEnd({ ...bonus, source: 'welcome' }, NOW)).toBeNull();
    expect(timeBonusEnd(bonus, ENDS_AT)).toBeNull();
    expect(timeBonusEnd(null, NOW)).toBeNull();
  });
});

describe('time-bonus modal', () => {
  it('opens 40 s after entering the members area, with the offer, the countdown and a link to the credits', async () => {
    useFakeClock();
    renderModalHost('/members');
    await advance(39_900);
    expect(dialog()).toBeNull();
    await advance(100);
    const modal = screen.getByRole('dialog');
    expect(within(modal).getByRole('heading', { name: /25% welcome bonus/ })).toBeTruthy();
    expect(within(modal).getByText('Special offer')).toBeTruthy();
    expect(within(modal).getByText('Unlock 25% off your first credits')).toBeTruthy();
    expect(within(modal).getByText(/only valid for the first 4 hours/)).toBeTruthy();
    expect(within(modal).getByText('You receive your credits instantly after payment.')).toBeTruthy();
    const link = within(modal).getByRole('link', { name: /Get 25% off now/ });
    expect(link.getAttribute('href')).toBe('/credits');
    expect(within(link).getByRole('timer').textContent).toBe('01:59:20');
    await advance(1000);
    expect(within(link).getByRole('timer').textContent).toBe('01:59:19');
  });

  it('keeps the wait while the member moves inside the area, and never opens over a conversation (issue 44)', async () => {
    useFakeClock();
    const { router } = renderModalHost('/members');
    await advance(20_000);
    await act(() => router.navigate('/likes'));
    await advance(10_000);
    await act(() => router.navigate('/chats/7'));
    await advance(10_000);
    // Due, but she is in a conversation: it waits.
    expect(dialog()).toBeNull();
    await act(() => router.navigate('/chats'));
    await advance(30_000);
    expect(dialog()).toBeNull();
    // Back where nothing is interrupted: it opens.
    await act(() => router.navigate('/likes'));
    await advance(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('never opens while the member types: not with a text field focused, nor until 5 s after the last key', async () => {
    useFakeClock();
    renderModalHost('/members');
    const field = document.createElement('input');
    document.body.append(field);
    try {
      act(() => field.focus());
      await advance(60_000);
      expect(dialog()).toBeNull();
      act(() => {
        fireEvent.keyDown(field, { key: 'a' });
        field.blur();
      });
      await advance(4000);
      expect(dialog()).toBeNull();
      await advance(1100);
      expect(screen.getByRole('dialog')).toBeTruthy();
      // Keys in the modal (Tab, say) are no typing: it stays.
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab' });
      await advance(100);
      expect(screen.getByRole('dialog')).toBeTruthy();
    } finally {
      field.remove();
    }
  });

  it('is cancelled by leaving the area, and waits 40 s again after coming back', async () => {
    useFakeClock();
    const { router } = renderModalHost('/members');
    await advance(30_000);
    await act(() => router.navigate('/credits'));
    await advance(30_000);
    expect(dialog()).toBeNull();
    await act(() => router.navigate('/members/12'));
    await advance(39_000);
    expect(dialog()).toBeNull();
    await advance(1000);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('does not open outside the area, with credits, or without a running bonus', async () => {
    useFakeClock();
    const outside = renderModalHost('/profile');
    await advance(60_000);
    expect(dialog()).toBeNull();
    outside.unmount();
    const withCredits = renderModalHost('/members', { credits: 5 });
    await advance(60_000);
    expect(dialog()).toBeNull();
    withCredits.unmount();
    renderModalHost('/members', { endsAt: null });
    await advance(60_000);
    expect(dialog()).toBeNull();
  });

  it('remembers the dismissal with a timestamp and never opens again', async () => {
    useFakeClock();
    const first = renderModalHost('/members');
    await advance(40_000);
    const modal = screen.getByRole('dialog');
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    await advance(1000);
    expect(dialog()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.timeBonusModal)).toBe(String(NOW + 40_000));
    first.unmount();

    renderModalHost('/members');
    await advance(120_000);
    expect(dialog()).toBeNull();
  });
});

function timeBonusCode(expires: string): DiscountCode {
  return {
    code: TIME_BONUS_CODE,
    country: null,
    user_id: 7,
    expires,
    value_percentage: 25,
    currency: null,
    minimum_order_value: 0,
    minimum: 0,
    percentage: 25,
    status: 'active',
    validity: 'once_per_user',
    expired: false,
    paymentmethods: null,
    source: 'time_bonus',
  };
}

describe('welcome-bonus banner', () => {
  it('shows stars, a live countdown and a link to the credits while the bonus runs, and clears at zero', async () => {
    useFakeClock();
    const user = buildUser({
      paid_user: false,
      credits: 20,
      signup_date: new Date(NOW - 4 * HOUR + 5000).toISOString(),
    });
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/discountcode.php'
        ? { body: { discountcode: timeBonusCode(new Date(NOW + 5000).toISOString()) } }
        : undefined,
    );
    const { router } = renderWithProviders(
      <>
        <AlertBanners />
        <WelcomeBonusHost />
      </>,
      { path: '/profile', user },
    );
    await advance(10);
    // The bar shows on the home screen only (issue 44), not over the profile editor.
    expect(screen.queryByTestId('welcome-bonus-banner')).toBeNull();
    await act(() => router.navigate('/members'));
    await advance(10);
    const banner = screen.getByTestId('welcome-bonus-banner');
    expect(calls.some((call) => call.path === '/api/discountcode.php?welcome=true')).toBe(true);
    expect(within(banner).getByText('Welcome bonus: 25% off your first credits!')).toBeTruthy();
    expect(within(banner).getByRole('timer').textContent).toBe('00:00:05');
    expect(within(banner).getByRole('link', { name: 'Get your discount' }).getAttribute('href')).toBe('/credits');
    await advance(2000);
    expect(within(banner).getByRole('timer').textContent).toBe('00:00:03');
    await advance(3100);
    expect(screen.queryByTestId('welcome-bonus-banner')).toBeNull();
  });

  it('has a close button that keeps the bar closed', async () => {
    useFakeClock();
    const user = buildUser({ paid_user: false, credits: 20, signup_date: new Date(NOW - HOUR).toISOString() });
    mockFetch(({ url }) =>
      url.pathname === '/api/discountcode.php'
        ? { body: { discountcode: timeBonusCode(new Date(NOW + HOUR).toISOString()) } }
        : undefined,
    );
    const first = renderWithProviders(
      <>
        <AlertBanners />
        <WelcomeBonusHost />
      </>,
      { path: '/members', user },
    );
    await advance(10);
    expect(screen.getByTestId('welcome-bonus-banner')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('welcome-bonus-banner')).toBeNull();
    expect(localStorage.getItem('welcome_bonus_banner_dismissed_at')).toMatch(/^\d+$/);
    first.unmount();
    renderWithProviders(
      <>
        <AlertBanners />
        <WelcomeBonusHost />
      </>,
      { path: '/members', user },
    );
    await advance(10);
    expect(screen.queryByTestId('welcome-bonus-banner')).toBeNull();
  });

  it('never asks for the bonus for a paid member or one who signed up more than 4 hours ago', async () => {
    useFakeClock();
    const { calls } = mockFetch(() => ({ body: { discountcode: null } }));
    const paid = renderWithProviders(<WelcomeBonusHost />, {
      path: '/members',
      user: buildUser({ paid_user: true, signup_date: new Date(NOW - HOUR).toISOString() }),
    });
    await advance(1000);
    paid.unmount();
    renderWithProviders(<WelcomeBonusHost />, {
      path: '/members',
      user: buildUser({ signup_date: new Date(NOW - 5 * HOUR).toISOString() }),
    });
    await advance(1000);
    expect(calls).toEqual([]);
  });
});
