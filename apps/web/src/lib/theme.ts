// The colour theme (issue 11, docs/dark-mode.md): Bootstrap 5.3's colour modes, `data-bs-theme` on <html>. The member's
// choice (system, light or dark) is kept in this browser; "system" follows the operating system's setting, live.
// index.html applies the same rule in a tiny inline script before the first paint (FIRST_PAINT_SCRIPT below is
// its source, checked by a test), so a dark page never flashes white.
import { create } from 'zustand';
import { readItem, removeItem, writeItem } from './storage.ts';

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type Theme = 'light' | 'dark';

/** localStorage key; absent means "system". */
export const THEME_STORAGE_KEY = 'color_theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const isPreference = (value: unknown): value is ThemePreference => THEME_PREFERENCES.includes(value as ThemePreference);

export function readThemePreference(): ThemePreference {
  const stored = readItem(THEME_STORAGE_KEY);
  return isPreference(stored) ? stored : 'system';
}

function systemTheme(): Theme {
  // No window on the server's first-view render: light there, and the page's inline script sets the real one.
  return typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

export function resolveTheme(preference: ThemePreference): Theme {
  return preference === 'system' ? systemTheme() : preference;
}

function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-bs-theme', theme);
}

const useThemeStore = create<{ preference: ThemePreference; theme: Theme }>()(() => {
  const preference = readThemePreference();
  return { preference, theme: resolveTheme(preference) };
});

export function setThemePreference(preference: ThemePreference): void {
  if (preference === 'system') removeItem(THEME_STORAGE_KEY);
  else writeItem(THEME_STORAGE_KEY, preference);
  const theme = resolveTheme(preference);
  applyTheme(theme);
  useThemeStore.setState({ preference, theme });
}

export const useThemePreference = () => useThemeStore((state) => state.preference);

/**
 * Called once at boot: applies the theme (again: the inline script did it first) and follows the system's setting while
 * the preference is "system", and another tab's choice. Returns the uninstaller.
 */
export function installTheme(): () => void {
  applyTheme(useThemeStore.getState().theme);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => {
    if (useThemeStore.getState().preference !== 'system') return;
    const theme = systemTheme();
    applyTheme(theme);
    useThemeStore.setState({ theme });
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) setThemePreference(readThemePreference());
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}
