// Renders web components for tests inside the app's providers: primed settings, English i18n and a memory router.
import { Suspense, type ReactElement } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { Settings, User } from '@app/contracts';
import type { UiLanguage } from '@app/i18n';
import { i18next, initI18n, loadRemainingNamespaces } from '../lib/i18n.ts';
import { buildSettings } from './settings.fixture.ts';
import { settingsKeys } from '../lib/settings/get-settings.ts';
import { companyInfoKeys } from '../lib/settings/get-company-info.ts';
import { userKeys } from '../lib/session/get-user.ts';

/** What react-bootstrap shows while a transition runs: its end waits on a fallback timer in jsdom (about 300 ms). */
const TRANSITIONING = '.fade, .collapsing, .modal, .modal-backdrop, .offcanvas, .showing, .hiding';
let hasTransitionTimers = false;
// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  // Before cleanup: a transition still running when a test ends leaves its timer behind the unmount.
  if (document.querySelector(TRANSITIONING)) hasTransitionTimers = true;
  cleanup();
});
// Such a timer (a modal closed by the file's last test, say) must fire before the file's environment is torn down,
// else it throws on a missing `document`. Files that left none end at once.
afterAll(() => (hasTransitionTimers ? new Promise((resolve) => setTimeout(resolve, 350)) : undefined));

/**
 * Loads the real English locale files once per test file (all namespaces: the app loads those the first paint leaves
 * out right after it); later calls only switch language.
 */
export async function setupI18n(language: UiLanguage = 'en') {
  if (!i18next.isInitialized) {
    await initI18n(language);
    await loadRemainingNamespaces();
  } else await i18next.changeLanguage(language);
  return i18next;
}

export function createTestQueryClient(settings: Settings, user: User | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(settingsKeys.all, { settings });
  queryClient.setQueryData(companyInfoKeys.all, {
    company: settings.company,
    support_email: settings.support_email,
    support_phone: settings.support_phone,
  });
  // The session: a visitor unless the test logs someone in.
  queryClient.setQueryData(userKeys.all, user);
  return queryClient;
}

export type RenderOptions = {
  settings?: Partial<Settings>;
  /** The URL the memory router starts at. */
  path?: string;
  /** Extra routes beside the one rendering `ui` at `*`. */
  routes?: RouteObject[];
  /** The logged-in member (default: a visitor). */
  user?: User | null;
  /** Queries already answered, as the app's cache holds them once loaded: the component renders without suspending. */
  queryData?: ReadonlyArray<readonly [queryKey: readonly unknown[], data: unknown]>;
};

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const settings = buildSettings(options.settings);
  const queryClient = createTestQueryClient(settings, options.user ?? null);
  for (const [queryKey, data] of options.queryData ?? []) queryClient.setQueryData(queryKey, data);
  const router = createMemoryRouter([...(options.routes ?? []), { path: '*', element: ui }], {
    initialEntries: [options.path ?? '/'],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18next}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, settings };
}

/**
 * Waits until no dialog is left in the document. In jsdom react-bootstrap's fade ends on a fallback timer, which must
 * run before the file's test environment is torn down (else it fires on a missing `document`).
 */
export async function settleOverlays(): Promise<void> {
  await waitFor(() => {
    if (document.querySelector('[role="dialog"]')) throw new Error('a dialog is still open');
  });
}
