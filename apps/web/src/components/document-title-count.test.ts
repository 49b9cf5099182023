// @vitest-environment jsdom
// The page title carries "(n) " in front while something is new, and keeps it when a page sets a new title.
import { afterEach, describe, expect, it } from 'vitest';
import { setTitleCount, withTitleCount } from './document-title-count.ts';

afterEach(() => {
  setTitleCount('likes', 0);
  setTitleCount('messages', 0);
});

describe('title count', () => {
  it('puts the count in front once and removes it at 0', () => {
    expect(withTitleCount('Likes | Amoria', 3)).toBe('(3) Likes | Amoria');
    expect(withTitleCount('(3) Likes | Amoria', 5)).toBe('(5) Likes | Amoria');
    expect(withTitleCount('(5) Likes | Amoria', 0)).toBe('Likes | Amoria');
  });

  it('sums the sources and follows a page changing its title', async () => {
    document.title = 'Search | Amoria';
    setTitleCount('likes', 2);
    setTitleCount('messages', 4);
    expect(document.title).toBe('(6) Search | Amoria');
    document.title = 'Likes | Amoria';
    // The head watch runs as a microtask.
    await Promise.resolve();
    expect(document.title).toBe('(6) Likes | Amoria');
    setTitleCount('messages', 0);
    expect(document.title).toBe('(2) Likes | Amoria');
    setTitleCount('likes', 0);
    expect(document.title).toBe('Likes | Amoria');
  });
});

describe('app badge', () => {
  it('shows the total where the browser has a badge and ignores its failures', async () => {
    const { applyAppBadge } = await import('./document-title-count.ts');
    const calls: (number | 'clear')[] = [];
    const nav = {
      setAppBadge: (count?: number) => {
        calls.push(count ?? 0);
        return Promise.reject(new Error('not allowed'));
      },
      clearAppBadge: () => {
        calls.push('clear');
        return Promise.resolve();
      },
    } as unknown as Navigator;
    applyAppBadge(5, nav);
    applyAppBadge(5, nav);
    applyAppBadge(0, nav);
    expect(calls).toEqual([5, 'clear']);
    // A browser without the API: nothing happens, nothing throws.
    expect(() => applyAppBadge(3, {} as Navigator)).not.toThrow();
  });
});
