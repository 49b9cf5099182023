// A hint, kept in this browser, of whether the last answer of user.php here was a member: it lets the first paint show
// the member's navigation shape (a neutral skeleton) instead of the visitor's, before the session is known. It is not
// a secret and never trusted for anything else: the navigation, the pages and the API go by the session itself.
// Written whenever user.php answers (member or visitor); read by the app shell and the navigation while it loads.
import { readItem, removeItem, writeItem } from '../storage.ts';

export const SESSION_HINT_KEY = 'session_hint';
export type SessionHint = 'member' | 'visitor';

export function readSessionHint(): SessionHint {
  return readItem(SESSION_HINT_KEY) === 'member' ? 'member' : 'visitor';
}

export function writeSessionHint(isMember: boolean): void {
  if (isMember) writeItem(SESSION_HINT_KEY, 'member');
  else removeItem(SESSION_HINT_KEY);
}
