// @vitest-environment jsdom
// Tracking parameters: read from the landing URL with braces removed, kept for the tab, sent with step 0.
import { afterEach, describe, expect, it } from 'vitest';
import {
  TRACKING_STORAGE_KEY,
  captureTracking,
  cleanTrackingValue,
  hasTrafficSource,
  parseTrackingParams,
  readTracking,
} from './tracking.ts';

afterEach(() => sessionStorage.clear());

describe('parseTrackingParams', () => {
  it('reads network, ref and sub1-3 and removes braces', () => {
    expect(parseTrackingParams('?network={adnet}&ref=%7B123%7D&sub1={{click}}&sub2=b&sub3=c&other=x')).toEqual({
      network: 'adnet',
      ref: '123',
      sub1: 'click',
      sub2: 'b',
      sub3: 'c',
    });
  });

  it('drops placeholders that were never filled in and empty values', () => {
    expect(parseTrackingParams('?network={}&ref=&sub1=%20')).toBeNull();
    expect(parseTrackingParams('?network={}&ref=7')).toEqual({ ref: '7' });
  });

  it('answers null without tracking parameters', () => {
    expect(parseTrackingParams('')).toBeNull();
    expect(parseTrackingParams('?lang=nl')).toBeNull();
  });
});

describe('cleanTrackingValue', () => {
  it('trims, removes every brace and caps the length', () => {
    expect(cleanTrackingValue(' {a}{b} ')).toBe('ab');
    expect(cleanTrackingValue('x'.repeat(300))).toHaveLength(200);
    expect(cleanTrackingValue(null)).toBeUndefined();
  });
});

describe('captureTracking and readTracking', () => {
  it('keeps the landing page parameters for the tab and leaves them alone on later pages', () => {
    captureTracking('?network={net}&ref=r1');
    captureTracking('?page=2');
    expect(readTracking()).toEqual({ network: 'net', ref: 'r1' });
    expect(hasTrafficSource(readTracking())).toBe(true);
  });

  it('replaces them when the visitor lands again with new ones', () => {
    captureTracking('?network=a');
    captureTracking('?ref=b');
    expect(readTracking()).toEqual({ ref: 'b' });
  });

  it('reads the parameters of the current page even before they were stored (signup page opened straight from an ad)', () => {
    const original = window.location.href;
    window.history.replaceState(null, '', '/signup?ref={partner}');
    try {
      expect(readTracking()).toEqual({ ref: 'partner' });
    } finally {
      window.history.replaceState(null, '', original);
    }
    expect(readTracking()).toEqual({ ref: 'partner' });
  });

  it('reads nothing from a missing or damaged entry', () => {
    expect(readTracking()).toEqual({});
    sessionStorage.setItem(TRACKING_STORAGE_KEY, '{oops');
    expect(readTracking()).toEqual({});
    sessionStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify({ network: '{n}', ref: 5 }));
    expect(readTracking()).toEqual({ network: 'n' });
    expect(hasTrafficSource({})).toBe(false);
  });
});
