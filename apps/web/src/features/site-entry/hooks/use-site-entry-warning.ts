// Reads the entry-warning rules from the settings, session and browser, and remembers the visitor's dismissal.
import { useCallback, useState } from 'react';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useIsLoggedIn } from '../../../hooks/use-is-logged-in.ts';
import { useIsStandalone } from '../../../hooks/use-is-standalone.ts';
import { STORAGE_KEYS, readTimestamp, writeTimestamp } from '../../../lib/storage.ts';
import { shouldShowSiteEntryWarning, type LayoutKind } from '@app/contracts';

export function useSiteEntryWarning(layout: LayoutKind): { isVisible: boolean; dismiss: () => void } {
  const settings = useSettings();
  const isLoggedIn = useIsLoggedIn();
  const isStandalone = useIsStandalone();
  const [dismissedAt, setDismissedAt] = useState(() => readTimestamp(STORAGE_KEYS.siteEntryWarning));

  const dismiss = useCallback(() => {
    const now = Date.now();
    writeTimestamp(STORAGE_KEYS.siteEntryWarning, now);
    setDismissedAt(now);
  }, []);

  const isVisible = shouldShowSiteEntryWarning({
    layout,
    isLoggedIn,
    isStandalone,
    dismissedAt,
    enableSiteEntryPopup: settings.enable_site_entry_popup,
    popupCountries: settings.site_entry_popup_countries,
    country: settings.geoip_selected_country,
  });
  return { isVisible, dismiss };
}
