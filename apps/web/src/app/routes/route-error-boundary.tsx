// The routes' errorElement: reloads once for a failed chunk (new deploy), otherwise shows the generic error page.
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useChunkReload } from './use-chunk-reload.ts';
import { describeError } from './describe-error.ts';
import { ErrorPage } from './error-page.tsx';
import { ErrorPageBoundary } from './error-page-boundary.tsx';

export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const isReloading = useChunkReload(error);

  if (isReloading) return null;
  const { status, message } = describeError(error, t);
  return (
    <ErrorPageBoundary>
      <ErrorPage status={status} message={message} />
    </ErrorPageBoundary>
  );
}
