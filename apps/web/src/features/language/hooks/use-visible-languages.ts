// The languages this site shows the current visitor, from the settings.
import { useMemo } from 'react';
import type { UiLanguage } from '@app/i18n';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { getVisibleLanguages } from '../visible-languages.ts';

export function useVisibleLanguages(): UiLanguage[] {
  const { languages, geoip_selected_country: country } = useSettings();
  return useMemo(() => getVisibleLanguages(languages, country), [languages, country]);
}
