// The notifications screen against a mocked notifications.php: switches per type save at once with a confirmation, push switches follow this browser's push state, invisible mode, showing the profile in the site's ads, resuming stopped mail.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_TYPES, PUSH_NOTIFICATION_TYPES, type NotificationSettings } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch, type MockAnswer } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { resetPushForTests } from '../../../lib/push.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { NotificationSettingsSections } from './notification-settings-sections.tsx';

const SITE_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

function buildNotificationSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  const preferences = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      {
        email: !['promotions', 'news'].includes(type),
        push: (PUSH_NOTIFICATION_TYPES as readonly string[]).includes(type),
      },
    ]),
  ) as NotificationSettings['preferences'];
  return {
    preferences,
    invisible: false,
    show_in_ads: false,
    private_visits: false,
    notifications_disabled: [],
    ...overrides,
  };
}

/** A notifications.php that keeps what it is sent, like the server; `failPut` answers the next PUT with an error. */
function mockNotificationsApi(initial: NotificationSettings) {
  let settings = initial;
  let failPut: MockAnswer | null = null;
  const api = mockFetch(({ method, url, body }) => {
    if (url.pathname !== '/api/notifications.php') return undefined;
    if (method === 'GET') return { body: { settings } };
    if (method === 'PUT') {
      if (failPut) {
        const answer = failPut;
        failPut = null;
        return answer;
      }
      const change = body as {
        preferences?: Record<string, Record<string, boolean>>;
        invisible?: boolean;
        show_in_ads?: boolean;
        private_visits?: boolean;
        resume_mail?: true;
      };
      const preferences = { ...settings.preferences };
      for (const [type, channels] of Object.entries(change.preferences ?? {})) {
        preferences[type as keyof typeof preferences] = {
          ...preferences[type as keyof typeof preferences],
          ...channels,
        };
      }
      settings = {
        preferences,
        invisible: change.invisible ?? settings.invisible,
        show_in_ads: change.show_in_ads ?? settings.show_in_ads,
        private_visits: change.private_visits ?? settings.private_visits,
        notifications_disabled: change.resume_mail ? [] : settings.notifications_disabled,
      };
      return { body: { settings } };
    }
    return undefined;
  });
  return {
    ...api,
    failNextPut: (answer: MockAnswer) => {
      failPut = answer;
    },
    puts: () => api.calls.filter((call) => call.method === 'PUT').map((call) => call.body),
  };
}

/** A browser with the Push API whose notification permission is `permission`. */
function installPushBrowser(permission: NotificationPermission) {
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => permission) });
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
}

const group = (name: string) => screen.getByRole('group', { name });
const switchIn = (groupName: string, name: 'E-mail' | 'Push') => within(group(groupName)).getByRole('switch', { name });

beforeAll(async () => {
  await setupI18n();
  await import('@app/contracts');
});
beforeEach(() => resetPushForTests());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
});

function renderScreen(settings: Partial<Parameters<typeof renderWithProviders>[1]> = {}) {
  return renderWithProviders(<NotificationSettingsSections />, { user: buildUser(), ...settings });
}

describe('notifications screen', () => {
  it('shows every type with its e-mail switch, and a push switch for the push types only', async () => {
    mockNotificationsApi(buildNotificationSettings());
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    for (const name of ['New conversations', 'New messages', 'Likes and matches']) {
      expect((switchIn(name, 'E-mail') as HTMLInputElement).checked).toBe(true);
      expect(within(group(name)).getByRole('switch', { name: 'Push' })).toBeTruthy();
    }
    for (const name of [
      'Reminders of unread messages',
      'Offers and promotions',
      'Weekly update',
      'News',
      'Account reminders',
    ]) {
      expect(within(group(name)).queryByRole('switch', { name: 'Push' })).toBeNull();
    }
    // Marketing is off until the member consents.
    expect((switchIn('Offers and promotions', 'E-mail') as HTMLInputElement).checked).toBe(false);
    expect((switchIn('News', 'E-mail') as HTMLInputElement).checked).toBe(false);
  });

  it('saves a switch at once and confirms it', async () => {
    const api = mockNotificationsApi(buildNotificationSettings());
    renderScreen();
    await screen.findByRole('group', { name: 'Likes and matches' });
    fireEvent.click(switchIn('Likes and matches', 'E-mail'));
    await waitFor(() => expect((switchIn('Likes and matches', 'E-mail') as HTMLInputElement).checked).toBe(false));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((status) => status.textContent === 'Saved')).toBe(true),
    );
    expect(api.puts()).toEqual([{ preferences: { like: { email: false } } }]);

    fireEvent.click(switchIn('News', 'E-mail'));
    await waitFor(() => expect(api.puts()).toHaveLength(2));
    expect(api.puts()[1]).toEqual({ preferences: { news: { email: true } } });
  });

  it('puts a switch back and says so when the save fails', async () => {
    const api = mockNotificationsApi(buildNotificationSettings());
    renderScreen();
    await screen.findByRole('group', { name: 'Weekly update' });
    api.failNextPut(jsonError(500, 'error_generic'));
    fireEvent.click(switchIn('Weekly update', 'E-mail'));
    expect(await screen.findByText('Not saved. Please try again.')).toBeTruthy();
    await waitFor(() => expect((switchIn('Weekly update', 'E-mail') as HTMLInputElement).checked).toBe(true));
  });

  it('disables the push switches with the reason where this browser cannot push', async () => {
    mockNotificationsApi(buildNotificationSettings());
    renderScreen();
    const push = (await screen.findAllByRole('switch', { name: 'Push' })) as HTMLInputElement[];
    expect(push).toHaveLength(3);
    for (const input of push) {
      expect(input.disabled).toBe(true);
      expect(input.getAttribute('aria-describedby')).toBeTruthy();
    }
    const reason = document.getElementById(push[0]!.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toMatch(/cannot show push notifications/);
  });

  it('explains a browser that blocked notifications', async () => {
    installPushBrowser('denied');
    mockNotificationsApi(buildNotificationSettings());
    renderScreen({ settings: { push_public_key: SITE_KEY } });
    expect(await screen.findByText(/blocked for this site in your browser/)).toBeTruthy();
    expect((switchIn('New messages', 'Push') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Turn on push notifications' })).toBeNull();
  });

  it('offers to turn push on in a browser that has not been asked, with the push switches usable', async () => {
    installPushBrowser('default');
    const api = mockNotificationsApi(buildNotificationSettings());
    renderScreen({ settings: { push_public_key: SITE_KEY } });
    expect(await screen.findByRole('button', { name: 'Turn on push notifications' })).toBeTruthy();
    expect(screen.getByText('Push notifications are not on in this browser yet.')).toBeTruthy();
    const push = switchIn('New messages', 'Push') as HTMLInputElement;
    expect(push.disabled).toBe(false);
    fireEvent.click(push);
    await waitFor(() => expect(api.puts()).toEqual([{ preferences: { new_messages: { push: false } } }]));
  });

  it('turns invisible mode on', async () => {
    const api = mockNotificationsApi(buildNotificationSettings());
    renderScreen();
    const invisible = (await screen.findByRole('switch', { name: 'Invisible mode' })) as HTMLInputElement;
    expect(invisible.checked).toBe(false);
    fireEvent.click(invisible);
    await waitFor(() => expect(api.puts()).toEqual([{ invisible: true }]));
    expect(invisible.checked).toBe(true);
  });

  it('saves "Don\'t record my visits" at once, a switch named and described', async () => {
    const api = mockNotificationsApi(buildNotificationSettings());
    renderScreen();
    const control = (await screen.findByRole('switch', { name: "Don't record my visits" })) as HTMLInputElement;
    expect(control.checked).toBe(false);
    const description = document.getElementById(control.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toMatch(/among their visitors/);
    expect(screen.getByRole('heading', { name: 'Your visits' })).toBeTruthy();
    fireEvent.click(control);
    await waitFor(() => expect(api.puts()).toEqual([{ private_visits: true }]));
    expect(control.checked).toBe(true);
  });

  describe("show my profile in the site's ads", () => {
    const LABEL = "Show my profile in the site's ads";

    it('is an off switch named by its label and described by what it shows, and saves on and off at once', async () => {
      const api = mockNotificationsApi(buildNotificationSettings());
      renderScreen();
      const control = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
      expect(screen.getByRole('switch', { name: LABEL })).toBe(control);
      expect(control.type).toBe('checkbox');
      expect(control.checked).toBe(false);
      const description = document.getElementById(control.getAttribute('aria-describedby') ?? '');
      expect(description?.textContent).toMatch(/advertising pages/);
      expect(screen.getByRole('heading', { name: 'Your profile in our ads' })).toBeTruthy();

      fireEvent.click(control);
      await waitFor(() => expect(api.puts()).toEqual([{ show_in_ads: true }]));
      expect(control.checked).toBe(true);
      const card = control.closest('section')!;
      await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Saved'));

      fireEvent.click(control);
      await waitFor(() => expect(api.puts()).toEqual([{ show_in_ads: true }, { show_in_ads: false }]));
      await waitFor(() => expect(control.checked).toBe(false));
      // Invisible mode is a switch of its own, untouched.
      expect((screen.getByRole('switch', { name: 'Invisible mode' }) as HTMLInputElement).checked).toBe(false);
    });

    it('shows the stored choice', async () => {
      mockNotificationsApi(buildNotificationSettings({ show_in_ads: true }));
      renderScreen();
      expect(((await screen.findByLabelText(LABEL)) as HTMLInputElement).checked).toBe(true);
    });

    it('puts the switch back and says so when the save fails', async () => {
      const api = mockNotificationsApi(buildNotificationSettings());
      renderScreen();
      const control = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
      api.failNextPut(jsonError(500, 'error_generic'));
      fireEvent.click(control);
      const card = control.closest('section')!;
      expect(await within(card).findByText('Not saved. Please try again.')).toBeTruthy();
      await waitFor(() => expect(control.checked).toBe(false));
    });
  });

  it('says why mail stopped and turns it back on', async () => {
    const api = mockNotificationsApi(buildNotificationSettings({ notifications_disabled: ['bounce'] }));
    localStorage.setItem(STORAGE_KEYS.disabledNotificationsAlert, '1000');
    const { queryClient } = renderScreen({ user: buildUser({ notifications_disabled: ['bounce'] }) });
    expect(await screen.findByText('We have stopped sending you e-mails')).toBeTruthy();
    expect(screen.getByText('Your e-mail address could not receive our e-mails (invalid address).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn e-mail back on' }));
    await waitFor(() => expect(screen.queryByText('We have stopped sending you e-mails')).toBeNull());
    expect(api.puts()).toEqual([{ resume_mail: true }]);
    expect(queryClient.getQueryData<{ notifications_disabled: string[] }>(['user'])?.notifications_disabled).toEqual(
      [],
    );
    // Mail stopping again later is news: its alert may show again.
    expect(localStorage.getItem(STORAGE_KEYS.disabledNotificationsAlert)).toBeNull();
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    let isDown = true;
    mockFetch(({ url }) =>
      url.pathname === '/api/notifications.php'
        ? isDown
          ? jsonError(404, 'route_not_found')
          : { body: { settings: buildNotificationSettings() } }
        : undefined,
    );
    renderScreen();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    isDown = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('group', { name: 'News' })).toBeTruthy();
  });
});
