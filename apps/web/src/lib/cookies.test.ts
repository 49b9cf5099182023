// @vitest-environment jsdom
// The browser's own cookies: written site-wide and same-site, read back decoded; a broken one reads as missing.
import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from './cookies.ts';

afterEach(() => {
  for (const name of ['place', 'broken']) document.cookie = `${name}=; path=/; max-age=0`;
});

describe('cookies', () => {
  it('reads back what was written, encoded on the way', () => {
    writeCookie('place', 'NL.NH|Den Haag', 3600);
    expect(readCookie('place')).toBe('NL.NH|Den Haag');
    expect(document.cookie).toContain('place=NL.NH%7CDen%20Haag');
    expect(readCookie('missing')).toBeNull();
  });

  it('reads a value that is not validly encoded as missing', () => {
    document.cookie = 'broken=%E0%A4%A; path=/';
    expect(readCookie('broken')).toBeNull();
  });
});
