// Loads the site settings and the interface language, then renders the router.
import { Suspense, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { DEFAULT_LOCALE } from '@app/i18n';
import { queryClient } from '../lib/query-client.ts';
import { i18next, initI18n, initialLanguage, readLanguageCookie } from '../lib/i18n.ts';
import { installChunkErrorReload } from '../lib/chunk-reload.ts';
import { installPageBounceLogging } from '../lib/page-bounce.ts';
import { settingsQueryOptions } from '../lib/settings/get-settings.ts';
import { router } from './router.tsx';
import { BootError } from './routes/boot-error.tsx';

type BootState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: unknown };

/** Settings first (they pick the language), then translations. */
export async function bootApp(): Promise<void> {
  let domainLanguage: string;
  try {
    domainLanguage = (await queryClient.fetchQuery(settingsQueryOptions())).settings.domain_language;
  } catch (error) {
    // The error page still speaks the visitor's language: translations do not depend on the settings.
    await initI18n(readLanguageCookie() ?? DEFAULT_LOCALE).catch(() => undefined);
    throw error;
  }
  await initI18n(initialLanguage(domainLanguage));
}

// React's strict mode runs effects twice in development; booting (and i18next.init) must happen once.
let bootPromise: Promise<void> | null = null;
const bootOnce = () => (bootPromise ??= bootApp());

export function App() {
  const [state, setState] = useState<BootState>({ status: 'loading' });

  useEffect(() => {
    const uninstallChunkReload = installChunkErrorReload();
    const uninstallPageBounce = installPageBounceLogging();
    return () => {
      uninstallChunkReload();
      uninstallPageBounce();
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
  if (state.status === 'loading') return null;
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18next}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
