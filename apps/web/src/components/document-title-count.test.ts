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
