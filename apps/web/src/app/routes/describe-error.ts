// Turns whatever was thrown (route response, API error, exception) into the status and message the error page shows.
import { isRouteErrorResponse } from 'react-router';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

export const DEFAULT_ERROR_STATUS = 500;

export type ErrorDescription = { status: number; message: string };

export function describeError(error: unknown, t: TFunction): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, message: t('errorPage.notFound') };
    return { status: error.status, message: error.statusText || t('errorPage.defaultMessage') };
  }
  // API errors carry a message the server already translated for this visitor.
  if (error instanceof ApiError)
    return { status: error.status || DEFAULT_ERROR_STATUS, message: error.message || t('errorPage.defaultMessage') };
  // Exception texts are for developers, not visitors: they go to the console, the page says "Error".
  return { status: DEFAULT_ERROR_STATUS, message: t('errorPage.defaultMessage') };
}
