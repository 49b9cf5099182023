// Where to go after logging in: a `redirectTo` of this site only (never an absolute or protocol-relative URL).
import { HOME_AFTER_LOGIN } from '../config/paths.ts';

export function getSafeRedirect(redirectTo: string | null | undefined, fallback: string = HOME_AFTER_LOGIN): string {
  if (!redirectTo || !redirectTo.startsWith('/') || redirectTo.startsWith('//') || redirectTo.startsWith('/\\'))
    return fallback;
  return redirectTo;
}
