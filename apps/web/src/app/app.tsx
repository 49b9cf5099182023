// Loads the site settings and the interface language, then renders the router.
import { Suspense, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { DEFAULT_LOCALE } from '@app/i18n';
import { queryClient } from '../lib/query-client.ts';
import {
  i18next,
  initI18n,
  initialLanguage,
  loadRemainingNamespaces,
  readLanguageCookie,
  writeTimeZoneCookie,
} from '../lib/i18n.ts';
import { userQueryOptions } from '../lib/session/get-user.ts';
import { installChunkErrorReload } from '../lib/chunk-reload.ts';
import { installSettingsLanguage, settingsQueryOptions } from '../lib/settings/get-settings.ts';
import { installTheme } from '../lib/theme.ts';
import { installSiteTheme } from '../lib/site-theme.ts';
import { seedFromFirstView } from '../lib/first-view.ts';
import { getRouter } from './router.tsx';
import { BootError } from './routes/boot-error.tsx';
import { AppShell } from './app-shell.tsx';

type BootState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: unknown };

/**
 * Resolves once the browser has painted the current frame: the app shell with the site's name (FCP) goes on screen
 * before the translations and the route's code are requested (docs/web-build.md).
 */
function afterPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    // A tab opened in the background runs no animation frames: it must not wait for one.
    setTimeout(resolve, 100);
  });
}

/** Settings first (they pick the language), then translations. */
export async function bootApp(): Promise<void> {
  // A page the server wrote carries the queries it showed: settings, session and the page's data are there already.
  seedFromFirstView(queryClient);
  const settings = queryClient.fetchQuery(settingsQueryOptions());
  // The session is asked for beside the settings rather than once the layout renders: the navigation and the
  // members' pages wait for it. Not awaited; a failure is the user query's, handled where it is shown.
  void queryClient.prefetchQuery(userQueryOptions());
  let domainLanguage: string;
  try {
    domainLanguage = (await settings).settings.domain_language;
  } catch (error) {
    // The error page still speaks the visitor's language: translations do not depend on the settings.
    await initI18n(readLanguageCookie() ?? DEFAULT_LOCALE)
      .then(loadRemainingNamespaces)
      .catch(() => undefined);
    throw error;
  }
  await afterPaint();
  // The route's layout and page code load beside the translations.
  getRouter();
  await initI18n(initialLanguage(domainLanguage));
  writeTimeZoneCookie();
}

// React's strict mode runs effects twice in development; booting (and i18next.init) must happen once.
let bootPromise: Promise<void> | null = null;
const bootOnce = () => (bootPromise ??= bootApp());

export function App() {
  const [state, setState] = useState<BootState>({ status: 'loading' });

  useEffect(() => {
    const uninstallChunkReload = installChunkErrorReload();
    const uninstallTheme = installTheme();
    const uninstallSiteTheme = installSiteTheme(queryClient);
    // The site's texts come in the interface language: asked for again when it changes.
    const uninstallSettingsLanguage = installSettingsLanguage(queryClient);
    return () => {
      uninstallChunkReload();
      uninstallTheme();
      uninstallSiteTheme();
      uninstallSettingsLanguage();
    };
  }, []);

  useEffect(() => {
    let isCancelled = false;
    bootOnce().then(
      () => !isCancelled && setState({ status: 'ready' }),
      (error: unknown) => !isCancelled && setState({ status: 'failed', error }),
    );
    return () => {
      isCancelled = true;
    };
  }, []);

  if (state.status === 'failed') return <BootError error={state.error} />;
  // The first paint: the app shell (navigation frame and the page's skeleton) while translations and code load.
  return (
    <QueryClientProvider client={queryClient}>
      {state.status === 'loading' ? (
        <AppShell />
      ) : (
        <I18nextProvider i18n={i18next}>
          <Suspense fallback={<AppShell />}>
            <RouterProvider router={getRouter()} />
          </Suspense>
        </I18nextProvider>
      )}
    </QueryClientProvider>
  );
}
