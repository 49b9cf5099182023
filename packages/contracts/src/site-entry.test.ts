// Each condition of the entry-warning rules (SPEC sections 2, 4 and 9).
import { describe, expect, it } from 'vitest';
import { shouldShowSiteEntryWarning, type SiteEntryWarningInput } from './site-entry.ts';

const visitor: SiteEntryWarningInput = {
  layout: 'default',
  isLoggedIn: false,
  isStandalone: false,
  dismissedAt: null,
  enableSiteEntryPopup: 'yes',
  popupCountries: [],
  country: 'BE',
};
const show = (overrides: Partial<SiteEntryWarningInput>) => shouldShowSiteEntryWarning({ ...visitor, ...overrides });

describe('shouldShowSiteEntryWarning', () => {
  it('shows to a new visitor in the default layout, whatever the country', () => {
    expect(show({})).toBe(true);
    expect(show({ country: 'US' })).toBe(true);
  });

  it('never shows to logged-in members', () => {
    expect(show({ isLoggedIn: true })).toBe(false);
  });

  it('never shows in installed-app mode', () => {
    expect(show({ isStandalone: true })).toBe(false);
  });

  it('stays away once dismissed', () => {
    expect(show({ dismissedAt: 1_700_000_000_000 })).toBe(false);
    expect(show({ dismissedAt: 0 })).toBe(false);
  });

  it('is off when enable_site_entry_popup is "no", on for anything else', () => {
    expect(show({ enableSiteEntryPopup: 'no' })).toBe(false);
    expect(show({ enableSiteEntryPopup: 'yes' })).toBe(true);
  });

  it('limits itself to the chosen countries when the site lists some', () => {
    expect(show({ popupCountries: ['NL', 'DE'], country: 'NL' })).toBe(true);
    expect(show({ popupCountries: ['NL', 'DE'], country: 'BE' })).toBe(false);
    expect(show({ popupCountries: ['NL'], country: null })).toBe(false);
  });

  it.each(['chat', 'lander', 'empty'] as const)('in the %s layout shows only for NL and DE', (layout) => {
    expect(show({ layout, country: 'NL' })).toBe(true);
    expect(show({ layout, country: 'DE' })).toBe(true);
    expect(show({ layout, country: 'BE' })).toBe(false);
    expect(show({ layout, country: undefined })).toBe(false);
    expect(show({ layout, country: 'NL', popupCountries: ['DE'] })).toBe(false);
    expect(show({ layout, country: 'DE', isLoggedIn: true })).toBe(false);
  });
});
