// When the adult-content entry warning shows (SPEC sections 2, 4 and 9), as one pure function: the web app's modal and
// the server's first view of a lander (modules/landers) decide alike.
/** Where the visitor's dismissal is kept (localStorage, a millisecond timestamp); the web app and the server's first view of a lander read it. */
export const SITE_ENTRY_DISMISSED_KEY = 'site_entry_warning_dismissed_at';
/** Where "Leave" takes a visitor who does not want to see adult content. */
export const SITE_ENTRY_LEAVE_URL = 'https://www.google.com/';
/** The id of the warning a lander's server-written first view carries; the web app's modal takes its place. */
export const SITE_ENTRY_VIEW_ID = 'site-entry-ssr';

export type LayoutKind = 'default' | 'chat' | 'lander' | 'empty';

/** SPEC section 9: outside the default layout the warning is limited to these countries. */
export const BARE_LAYOUT_WARNING_COUNTRIES: readonly string[] = ['NL', 'DE'];

export type SiteEntryWarningInput = {
  layout: LayoutKind;
  isLoggedIn: boolean;
  isStandalone: boolean;
  /** When the visitor dismissed the warning before, or null. */
  dismissedAt: number | null;
  /** settings.enable_site_entry_popup */
  enableSiteEntryPopup: string;
  /** settings.site_entry_popup_countries: when non-empty, only these countries see the warning. */
  popupCountries: readonly string[];
  /** settings.geoip_selected_country */
  country: string | null | undefined;
};

export function shouldShowSiteEntryWarning(input: SiteEntryWarningInput): boolean {
  if (input.isLoggedIn || input.isStandalone || input.dismissedAt !== null) return false;
  if (input.enableSiteEntryPopup === 'no') return false;
  const country = input.country?.toUpperCase() ?? '';
  if (input.popupCountries.length > 0 && !input.popupCountries.includes(country)) return false;
  if (input.layout !== 'default' && !BARE_LAYOUT_WARNING_COUNTRIES.includes(country)) return false;
  return true;
}
