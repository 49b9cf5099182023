// Keeps the cached session in step with logins and logouts: the user entry, and member data that must not outlive a session.
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@app/contracts';
import { isUiLanguage } from '@app/i18n';
import { changeLanguage, i18next } from '../../../lib/i18n.ts';
import { USER_QUERY_KEY } from '../api/get-user.ts';

/** Queries that belong to the site, not to whoever is logged in: they survive a logout. */
const SITE_QUERY_ROOTS = new Set(['settings', 'companyinfo', 'interests', 'regions', 'dev-mailbox']);

function removeMemberQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => {
      const root = String(query.queryKey[0]);
      return root !== USER_QUERY_KEY[0] && !SITE_QUERY_ROOTS.has(root);
    },
  });
}

/**
 * A refresh of the user that started before the session changed would answer for the old session (a visitor,
 * or the previous member) and overwrite the new one: it is cancelled, and its revert settled, first.
 */
async function cancelUserRefresh(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: USER_QUERY_KEY });
}

/** A login, signup, activation or reactivation answered this member. */
export async function setSessionUser(queryClient: QueryClient, user: User): Promise<void> {
  await cancelUserRefresh(queryClient);
  const previous = queryClient.getQueryData<User | null>(USER_QUERY_KEY);
  if (previous && previous.id !== user.id) removeMemberQueries(queryClient);
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

/**
 * Navigation state that ends the local session once the destination has rendered (see SessionManager):
 * forgetting the member while a members-only page is still on screen would send that page to login.
 */
export const END_SESSION_STATE = { endSession: true } as const;

export function isEndSessionState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { endSession?: unknown }).endSession === true;
}

/** The session ended (logout, deletion, or the API said authentication is required). */
export async function clearSession(queryClient: QueryClient): Promise<void> {
  await cancelUserRefresh(queryClient);
  queryClient.setQueryData(USER_QUERY_KEY, null);
  removeMemberQueries(queryClient);
}

/**
 * After an explicit login the account's saved language wins over this browser's (the member chose it
 * elsewhere); switching also rewrites the language cookie.
 */
export async function applyAccountLanguage(user: User): Promise<void> {
  if (isUiLanguage(user.language) && user.language !== i18next.language) await changeLanguage(user.language);
}
