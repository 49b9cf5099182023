// The member alerts in the alert area: photo, push and stopped mail shown by their rules, one at a time; a dismissal is stored with a timestamp and honoured after a reload.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import { NOTIFICATION_TYPES, type NotificationSettings } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { AlertBanners } from '../../../components/alerts/alert-banners.tsx';
import { clearAlerts } from '../../../components/alerts/alert-store.ts';
import { resetPushForTests, usePushStore } from '../../../lib/push.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { notificationSettingsKeys } from '../api/get-notification-settings.ts';
import { NotificationAlerts } from './notification-alerts.tsx';

const SITE_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const PHOTO = { filename: 'a.jpg', thumb_filename: 'a-thumb.jpg', status: 'active' as const };
const memberWithPhoto = (overrides: Parameters<typeof buildUser>[0] = {}) =>
  buildUser({ ...overrides, profile: { ...buildUser().profile, main_image: PHOTO } });

function preferences(push: boolean): NotificationSettings['preferences'] {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, { email: true, push }]),
  ) as NotificationSettings['preferences'];
}

/** notifications.php's answer: every e-mail switch on, push switches as given, visible, mail flowing. */
function settingsWithPush(push: boolean): NotificationSettings {
  return {
    preferences: preferences(push),
    invisible: false,
    show_in_ads: false,
    private_visits: false,
    notifications_disabled: [],
  };
}

/** A browser with the Push API that has not asked for the notification permission yet. */
function installUnaskedBrowser() {
  const requestPermission = vi.fn(async () => 'denied' as const);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  const registration = { pushManager: { getSubscription: async () => null, subscribe: vi.fn() } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
      addEventListener: () => undefined,
      startMessages: () => undefined,
    },
  });
  return { requestPermission };
}

/**
 * Runs what TanStack Query's notifier has queued (zero timeouts, first in first out: a notice scheduled now runs after
 * them) and, inside `act`, the renders and effects they start.
 */
const flushQueryNotices = () => act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));

function renderAlerts(options: Parameters<typeof renderWithProviders>[1]) {
  return renderWithProviders(
    <>
      <NotificationAlerts />
      <AlertBanners />
    </>,
    { path: '/members', ...options },
  );
}

beforeAll(async () => {
  await setupI18n();
  await import('@app/contracts');
});
beforeEach(() => resetPushForTests());
afterEach(() => {
  act(() => clearAlerts());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
});

describe('member alerts', () => {
  it('asks a member without a photo to add one; the dismissal is stored and honoured after a reload', async () => {
    // The push alert is next in line: where it shows, the photo alert (which wins over it) was passed over.
    installUnaskedBrowser();
    mockFetch(({ url }) =>
      url.pathname === '/api/notifications.php' ? { body: { settings: settingsWithPush(true) } } : undefined,
    );
    vi.spyOn(Date, 'now').mockReturnValue(1_750_000_000_000);
    const options = { user: buildUser(), settings: { push_public_key: SITE_KEY } };
    const first = renderAlerts(options);
    expect(
      await screen.findByText('Members with a photo get many more replies. Add one to your profile.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a photo' }).getAttribute('href')).toBe('/profile');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Add one to your profile/)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.enrichAlert)).toBe('1750000000000');
    expect(await screen.findByText(/Get a notification as soon as/)).toBeTruthy();
    first.unmount();
    act(() => clearAlerts());

    // A reload: a new page with the same storage shows the next alert and not the dismissed one.
    resetPushForTests();
    renderAlerts(options);
    expect(await screen.findByText(/Get a notification as soon as/)).toBeTruthy();
    expect(screen.queryByText(/Add one to your profile/)).toBeNull();
  });

  it('says mail stopped and why, links to the settings, and shows the next alert once dismissed', async () => {
    mockFetch(() => undefined);
    renderAlerts({ user: buildUser({ notifications_disabled: ['spam'] }) });
    expect(
      await screen.findByText(/We have stopped sending you e-mails\. You marked one of our e-mails as spam/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check your settings' }).getAttribute('href')).toBe('/notifications');
    expect(screen.queryByText(/Add one to your profile/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(localStorage.getItem(STORAGE_KEYS.disabledNotificationsAlert)).not.toBeNull();
    expect(await screen.findByText(/Add one to your profile/)).toBeTruthy();
  });

  it('offers push where the browser can still be asked and the member wants push, and asks on the click', async () => {
    const { requestPermission } = installUnaskedBrowser();
    const api = mockFetch(({ url }) =>
      url.pathname === '/api/notifications.php' ? { body: { settings: settingsWithPush(true) } } : undefined,
    );
    renderAlerts({ user: memberWithPhoto(), settings: { push_public_key: SITE_KEY } });
    expect(await screen.findByText('Get a notification as soon as someone writes to you or likes you.')).toBeTruthy();
    expect(api.calls.map((call) => call.path)).toContain('/api/notifications.php');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on push notifications' }));
    await waitFor(() => expect(requestPermission).toHaveBeenCalledTimes(1));
    // Refused: the state is denied and the alert goes.
    await waitFor(() => expect(screen.queryByText(/Get a notification as soon as/)).toBeNull());
  });

  it('does not offer push to a member who switched every push type off', async () => {
    installUnaskedBrowser();
    const api = mockFetch(({ url }) =>
      url.pathname === '/api/notifications.php' ? { body: { settings: settingsWithPush(false) } } : undefined,
    );
    const { queryClient } = renderAlerts({ user: memberWithPhoto(), settings: { push_public_key: SITE_KEY } });
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain('/api/notifications.php'));
    // The switches are in: the alert would be decided with them once the query's notices ran.
    await waitFor(() => expect(queryClient.getQueryData(notificationSettingsKeys.all)).toBeDefined());
    await flushQueryNotices();
    expect(screen.queryByText(/Get a notification as soon as/)).toBeNull();
  });

  it('asks nothing of a browser without push, and no settings for it', async () => {
    const api = mockFetch(() => undefined);
    renderAlerts({ user: memberWithPhoto(), settings: { push_public_key: SITE_KEY } });
    // The browser was checked (the push alert and its settings wait for that), and what it led to has run.
    await waitFor(() => expect(usePushStore.getState()).toMatchObject({ isChecked: true, state: 'unsupported' }));
    await flushQueryNotices();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
