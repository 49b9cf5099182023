// Loads the site settings and the interface language, then renders the router.
import { Suspense, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../lib/query-client.ts';
import { i18next, initI18n, initialLanguage } from '../lib/i18n.ts';
import { settingsQueryOptions } from '../features/settings/api/get-settings.ts';
import { router } from './router.tsx';
import { BootError } from './routes/boot-error.tsx';

type BootState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: unknown };

export function App() {
  const [state, setState] = useState<BootState>({ status: 'loading' });

  useEffect(() => {
    let isCancelled = false;
    (async () => {
      const settings = await queryClient.fetchQuery(settingsQueryOptions()).then((data) => data.settings);
      await initI18n(initialLanguage(settings.domain_language));
    })().then(
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
