import { describe, expect, it } from 'vitest';
import { placeCookieValue } from './lander-interactions.ts';

describe('placeCookieValue', () => {
  it('names the country, the region when it is a code, and the town (modules/landers PLACE_COOKIE)', () => {
    expect(placeCookieValue({ country: 'NL', region: 'NH', city: 'Amsterdam' })).toBe('NL.NH|Amsterdam');
    expect(placeCookieValue({ country: 'DE', region: null, city: 'Köln' })).toBe('DE|Köln');
    expect(placeCookieValue({ country: 'NL', region: 'not a code!', city: '' })).toBe('NL');
  });

  it('never lets a town name break the format', () => {
    expect(placeCookieValue({ country: 'NL', region: 'NH', city: ' A|B\u0007 ' })).toBe('NL.NH|AB');
    expect(placeCookieValue({ country: 'NL', region: 'NH', city: 'x'.repeat(100) })).toBe(`NL.NH|${'x'.repeat(80)}`);
  });
});
