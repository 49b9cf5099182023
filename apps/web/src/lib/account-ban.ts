// A banned member is sent to /pages/ban?reason=<category> (issue 14, docs/reports.md): the API answers 403
// `account_banned` with `params.reason` (a BAN_REASONS category, never personal data) at login, and the member
// socket's `session_ended` event carries it to the tabs open when staff bans.
import { ApiError } from './api-client.ts';

/** The ban page for a category; unknown categories read as terms_violation. */
export function banPagePath(reason: unknown): string {
  const category = typeof reason === 'string' && /^[a-z_]{1,40}$/.test(reason) ? reason : 'terms_violation';
  return `/pages/ban?reason=${category}`;
}

/** The ban page for an `account_banned` answer, or null for any other error. */
export function banPageOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'account_banned') return null;
  return banPagePath(error.body?.error?.params?.reason);
}
