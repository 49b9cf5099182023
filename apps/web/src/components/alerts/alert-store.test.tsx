// The alert-banner area: features push banners, closing one with a dismiss key keeps it hidden for good.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../test-support/render.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { AlertBanners } from './alert-banners.tsx';
import { clearAlerts, isAlertDismissed, isCalmScreen, showAlert, visibleAlerts } from './alert-store.ts';

beforeAll(() => setupI18n());
afterEach(() => {
  clearAlerts();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('alert banners', () => {
  it('renders pushed alerts and stores a timestamp when one is dismissed', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    renderWithProviders(<AlertBanners />);
    const onDismiss = vi.fn();
    act(() => {
      showAlert({
        id: 'push',
        message: 'Turn on notifications',
        variant: 'warning',
        dismissKey: STORAGE_KEYS.pushAlert,
        onDismiss,
      });
    });
    expect(await screen.findByText('Turn on notifications')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Turn on notifications')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pushAlert)).toBe('1700000000000');
    expect(onDismiss).toHaveBeenCalledTimes(1);

    let isShown = true;
    act(() => {
      isShown = showAlert({ id: 'push', message: 'Turn on notifications', dismissKey: STORAGE_KEYS.pushAlert });
    });
    expect(isShown).toBe(false);
    expect(screen.queryByText('Turn on notifications')).toBeNull();
  });

  it('replaces an alert with the same id and lets a dismissal expire when asked', () => {
    localStorage.setItem(STORAGE_KEYS.enrichAlert, String(1_000));
    expect(isAlertDismissed({ dismissKey: STORAGE_KEYS.enrichAlert }, 5_000)).toBe(true);
    expect(isAlertDismissed({ dismissKey: STORAGE_KEYS.enrichAlert, dismissForMs: 2_000 }, 5_000)).toBe(false);
    expect(isAlertDismissed({}, 5_000)).toBe(false);
  });

  it('shows the latest version of an alert once', async () => {
    renderWithProviders(<AlertBanners />);
    act(() => {
      showAlert({ id: 'a', message: 'first' });
      showAlert({ id: 'a', message: 'second', isDismissible: false });
    });
    expect(await screen.findByText('second')).toBeTruthy();
    expect(screen.queryByText('first')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });
});

describe('a calm screen: one prompt at a time, none where the member is busy', () => {
  const photo = { id: 'photo', message: 'Add a photo', promptRank: 1 };
  const bonus = { id: 'bonus', message: 'Welcome bonus', promptRank: 2 };
  const error = { id: 'error', message: 'Something failed' };

  it('shows the first prompt by rank beside every alert that is no prompt', () => {
    expect(visibleAlerts([bonus, error, photo], '/members').map((alert) => alert.id)).toEqual(['error', 'photo']);
    expect(visibleAlerts([bonus, error], '/members').map((alert) => alert.id)).toEqual(['bonus', 'error']);
  });

  it('shows no prompt on signup, the credits and checkout screens or the swipe game', () => {
    for (const path of [
      '/signup',
      '/members/12/signup',
      '/activate',
      '/credits',
      '/credits/3/ideal',
      '/transactions/9',
      '/directdebit',
      '/premium',
      '/swipe-game',
    ]) {
      expect(isCalmScreen(path), path).toBe(true);
      expect(visibleAlerts([photo, bonus, error], path).map((alert) => alert.id)).toEqual(['error']);
    }
    for (const path of ['/members', '/members/12', '/chats', '/likes', '/profile'])
      expect(isCalmScreen(path), path).toBe(false);
  });

  it('puts a prompt that arrives after the screen opened at its end, and at the top on the next screen', async () => {
    const { router } = renderWithProviders(
      <>
        <div data-testid="top">
          <AlertBanners place="top" />
        </div>
        <div data-testid="end">
          <AlertBanners place="end" />
        </div>
      </>,
      { path: '/members' },
    );
    act(() => {
      showAlert(photo);
    });
    expect(await within(screen.getByTestId('end')).findByText('Add a photo')).toBeTruthy();
    expect(within(screen.getByTestId('top')).queryByText('Add a photo')).toBeNull();
    await act(() => router.navigate('/likes'));
    expect(await within(screen.getByTestId('top')).findByText('Add a photo')).toBeTruthy();
    expect(within(screen.getByTestId('end')).queryByText('Add a photo')).toBeNull();
  });

  it('renders only the prompt that wins', async () => {
    renderWithProviders(<AlertBanners />, { path: '/members' });
    act(() => {
      showAlert(bonus);
      showAlert(photo);
    });
    expect(await screen.findByText('Add a photo')).toBeTruthy();
    expect(screen.queryByText('Welcome bonus')).toBeNull();
    // Closing it lets the next one show.
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Welcome bonus')).toBeTruthy();
  });
});
