// @vitest-environment jsdom
// The colour theme: "system" follows the operating system, a choice is kept, and index.html's first-paint script applies
// the same rule before any module runs.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY, installTheme, readThemePreference, resolveTheme, setThemePreference } from './theme.ts';

function stubSystemDark(isDark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: isDark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: () => undefined,
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    change(next: boolean) {
      media.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-bs-theme');
});

describe('colour theme', () => {
  it('follows the system by default, and its changes while the preference is "system"', () => {
    const system = stubSystemDark(true);
    expect(readThemePreference()).toBe('system');
    expect(resolveTheme('system')).toBe('dark');
    const uninstall = installTheme();
    setThemePreference('system');
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
    system.change(false);
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('light');
    uninstall();
  });

  it('keeps an explicit choice over the system setting, and forgets it on "system"', () => {
    const system = stubSystemDark(false);
    const uninstall = installTheme();
    setThemePreference('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
    system.change(false);
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
    setThemePreference('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('light');
    uninstall();
  });

  it("index.html's first-paint script reads the same key and applies the same rule", () => {
    const html = fs.readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(script).toContain(`'${THEME_STORAGE_KEY}'`);
    stubSystemDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    new Function(script!)();
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('light');
    localStorage.removeItem(THEME_STORAGE_KEY);
    new Function(script!)();
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
  });
});
