// When the adult-content entry warning shows (SPEC sections 2, 4 and 9), as one pure function.
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
