// A member's first search: the gender their sexuality looks for and their own country, only for filters the site offers.
import { describe, expect, it } from 'vitest';
import { getDefaultSearchFilters, getPreferredGender } from './search-defaults.ts';

const site = { search_fields: ['gender', 'country', 'region', 'min_age', 'max_age'], countries: ['NL', 'BE'] };

describe('search defaults', () => {
  it('looks for the gender the sexuality points at', () => {
    expect(getPreferredGender({ gender: 'male', sexuality: 'hetero' })).toBe('female');
    expect(getPreferredGender({ gender: 'female', sexuality: 'hetero' })).toBe('male');
    expect(getPreferredGender({ gender: 'male', sexuality: 'gay' })).toBe('male');
    expect(getPreferredGender({ gender: 'female', sexuality: 'lesbian' })).toBe('female');
    // A woman who chose "gay" looks for women (read as lesbian), not men.
    expect(getPreferredGender({ gender: 'female', sexuality: 'gay' })).toBe('female');
    expect(getPreferredGender({ gender: 'male', sexuality: 'lesbian' })).toBe('male');
    expect(getPreferredGender({ gender: 'female', sexuality: 'bi' })).toBe('');
    expect(getPreferredGender({ gender: null, sexuality: null })).toBe('');
  });

  it('uses the own country only when the site serves it, and nothing for visitors', () => {
    expect(getDefaultSearchFilters({ gender: 'male', sexuality: 'hetero', country: 'NL' }, site)).toEqual({
      gender: 'female',
      country: 'NL',
    });
    expect(getDefaultSearchFilters({ gender: 'male', sexuality: 'hetero', country: 'US' }, site)).toEqual({
      gender: 'female',
    });
    expect(getDefaultSearchFilters(null, site)).toEqual({});
  });

  it('leaves out filters the site does not offer', () => {
    expect(
      getDefaultSearchFilters(
        { gender: 'male', sexuality: 'hetero', country: 'NL' },
        { ...site, search_fields: ['min_age'] },
      ),
    ).toEqual({});
  });
});
