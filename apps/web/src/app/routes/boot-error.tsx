// Shown when the app cannot start (settings failed to load): the generic error page in the cookie language.
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../../lib/i18n.ts';
import { useChunkReload } from './use-chunk-reload.ts';
import { describeError } from './describe-error.ts';
import { ErrorPage } from './error-page.tsx';
import { ErrorPageBoundary } from './error-page-boundary.tsx';

export function BootError({ error }: { error: unknown }) {
  // A translation file is a chunk too: after a deploy, reload once rather than show an error.
  const isReloading = useChunkReload(error);

  if (isReloading) return null;
  const { status, message } = describeError(error, i18next.t);
  return (
    <I18nextProvider i18n={i18next}>
      <ErrorPageBoundary>
        <main className="boot-error d-flex align-items-center min-vh-100">
          <ErrorPage status={status} message={message} />
        </main>
      </ErrorPageBoundary>
    </I18nextProvider>
  );
}
