// Keeps the cached session in step with logins and logouts: the user entry, and member data that must not outlive a session.
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@app/contracts';
import { isUiLanguage } from '@app/i18n';
import { changeLanguage, i18next } from '../i18n.ts';
import { userKeys } from './user-keys.ts';
import { settingsKeys } from '../settings/get-settings.ts';
import { companyInfoKeys } from '../settings/get-company-info.ts';
import { interestsKeys } from '../settings/get-interests.ts';
import { regionsKeys } from '../settings/get-regions.ts';

/** The site's data: it does not belong to whoever is logged in, so it survives a session change. */
const SITE_QUERY_ROOTS = new Set<unknown>([
  settingsKeys.all[0],
  companyInfoKeys.all[0],
  interestsKeys.all[0],
  regionsKeys.all[0],
]);

/**
 * Put in the queryOptions of a query that survives a session change although it is no site data: the single-use
 * links (removing one while its page shows would send its token again, and a used token fails), the dev mailbox.
 */
export const SESSION_INDEPENDENT_META = { isSessionIndependent: true } as const;

function removeMemberQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => {
      const root = query.queryKey[0];
      return root !== userKeys.all[0] && !SITE_QUERY_ROOTS.has(root) && query.meta?.isSessionIndependent !== true;
    },
  });
}

/**
 * A refresh of the user that started before the session changed would answer for the old session (a visitor,
 * or the previous member) and overwrite the new one: it is cancelled, and its revert settled, first.
 */
async function cancelUserRefresh(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: userKeys.all });
}

let isSessionEnding = false;
const sessionChanges = new Set<Promise<unknown>>();

/**
 * Marks a request that starts a new session (login, signup, activation, reactivation, password reset): the server
 * replaces the session cookie, so requests sent meanwhile with the old one may answer 403.
 */
export function changeSession<T>(request: Promise<T>): Promise<T> {
  sessionChanges.add(request);
  const forget = () => sessionChanges.delete(request);
  request.then(forget, forget);
  return request;
}

/** Resolves once no request that starts a new session is under way. */
export async function waitForSessionChanges(): Promise<void> {
  while (sessionChanges.size > 0) await Promise.allSettled([...sessionChanges]);
}

/**
 * Logout and deletion say so before they ask the server: requests still under way answer 403 from then on,
 * which is expected and no reason to send the member to login. `false` when the attempt failed.
 */
export function setSessionEnding(isEnding: boolean): void {
  isSessionEnding = isEnding;
}

/** A logout or deletion is under way: its page leaves before the member is forgotten (END_SESSION_STATE). */
export function isEndingSession(): boolean {
  return isSessionEnding;
}

/** Whether a 403 authentication_required is news: not while the session is being ended or already is. */
export function isSessionExpected(queryClient: QueryClient): boolean {
  return !isSessionEnding && queryClient.getQueryData<User | null>(userKeys.all) !== null;
}

/** A login, signup, activation or reactivation answered this member. */
export async function setSessionUser(queryClient: QueryClient, user: User): Promise<void> {
  isSessionEnding = false;
  await cancelUserRefresh(queryClient);
  const previous = queryClient.getQueryData<User | null>(userKeys.all);
  if (previous && previous.id !== user.id) removeMemberQueries(queryClient);
  queryClient.setQueryData(userKeys.all, user);
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
  isSessionEnding = false;
  await cancelUserRefresh(queryClient);
  queryClient.setQueryData(userKeys.all, null);
  removeMemberQueries(queryClient);
}

/**
 * After an explicit login the account's saved language wins over this browser's (the member chose it
 * elsewhere); switching also rewrites the language cookie.
 */
export async function applyAccountLanguage(user: User): Promise<void> {
  if (isUiLanguage(user.language) && user.language !== i18next.language) await changeLanguage(user.language);
}
