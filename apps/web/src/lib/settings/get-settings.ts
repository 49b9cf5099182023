// GET /api/settings.php: the site's settings for this host, loaded once per page load and again when the interface
// language changes (the member-facing texts, fictional_warning and the others, come in the request's language).
import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { Settings } from '@app/contracts';
import { apiRequest } from '../api-client.ts';
import { i18next } from '../i18n.ts';

export const settingsKeys = { all: ['settings'] as const };

export function getSettings(): Promise<{ settings: Settings }> {
  const query = Object.fromEntries(new URLSearchParams(window.location.search));
  // Once the app speaks a language, the texts come in it (the page's ?lang= may name the one before a switch); at
  // boot the server decides as the app will (?lang=, the cookie, the site's language).
  const language = i18next.isInitialized ? i18next.language : undefined;
  return apiRequest('settings.php', {
    query: { ...query, ...(language ? { lang: language } : {}), 'forced-domain': window.location.hostname },
    response: 'settingsResponseSchema',
  });
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: getSettings,
    staleTime: Infinity,
    gcTime: Infinity,
    select: (data) => data.settings,
  });

export function useSettings(): Settings {
  return useSuspenseQuery(settingsQueryOptions()).data;
}

/**
 * Asks for the settings again whenever the interface language changes (the switcher, a member's saved language, a
 * lander's slug): the page keeps the texts it shows until those in the new language arrive. The boot's own first
 * language is the one the settings were asked in. Returns the uninstaller.
 */
export function installSettingsLanguage(queryClient: QueryClient): () => void {
  let language: string | undefined = i18next.isInitialized ? i18next.language : undefined;
  const onChange = (next: string) => {
    const previous = language;
    language = next;
    if (previous === undefined || previous === next) return;
    void queryClient.refetchQueries({ queryKey: settingsKeys.all }).catch(() => undefined);
  };
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}
