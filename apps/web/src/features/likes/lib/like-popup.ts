// SPEC section 4: the like pop-up shows after `?t=<seconds>`; then `t` leaves the URL so a reload does not show it again.
export const LIKE_POPUP_PARAM = 't';
/** A longer wait than an hour is a mistyped link, not a plan. */
export const LIKE_POPUP_MAX_DELAY_S = 3600;

/** The delay in seconds from the `t` value, or null when there is none or it is not a number of seconds. */
export function parseLikePopupDelay(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > LIKE_POPUP_MAX_DELAY_S) return null;
  return seconds;
}

/** The query string without `t` (other parameters kept, in order). */
export function removeLikePopupParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(LIKE_POPUP_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
