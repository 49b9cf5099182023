// The region field is labelled by the country's own term where the site's kind says it wrong: a German or Austrian
// region is a "Bundesland" (not "Bundesstaat", which stays for a US state), a Swiss one a "Kanton"; other countries
// by their kind (NL: "Provinz"). Said in each language (French "Land", English "Federal state").
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { regionsKeys } from '../../../lib/settings/get-regions.ts';
import { SearchFilters } from './search-filters.tsx';

beforeAll(() => setupI18n('de'));
afterAll(() => setupI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const regions = {
  DE: { kind: 'state', regions: [{ code: 'BY', name: 'Bayern' }] },
  AT: { kind: 'state', regions: [{ code: 'T', name: 'Tirol' }] },
  CH: { kind: 'canton', regions: [{ code: 'ZH', name: 'Zürich' }] },
  US: { kind: 'state', regions: [{ code: 'NY', name: 'New York' }] },
  NL: { kind: 'province', regions: [{ code: 'NH', name: 'Noord-Holland' }] },
};

function renderFilters() {
  mockFetch(({ url }) => (url.pathname === '/api/regions.php' ? { body: { regions } } : undefined));
  renderWithProviders(
    <SearchFilters
      isMember
      filters={{ gender: '', country: '', countryregion: '', min_age: '', max_age: '', verified: '' }}
      isSearching={false}
      onSearch={() => {}}
      onClear={() => {}}
    />,
    {
      settings: { countries: ['DE', 'AT', 'CH', 'US', 'NL'], search_fields: ['country', 'region'] },
      queryData: [[regionsKeys.all, { regions }]],
    },
  );
}

/** Chooses the country; answers the region field's label and its first ("all") option. */
async function regionFieldFor(country: string, countryLabel: string) {
  fireEvent.change(await screen.findByLabelText(countryLabel), { target: { value: country } });
  const region = (await screen.findAllByRole('combobox')).at(-1) as HTMLSelectElement;
  const label = document.querySelector(`label[for="${region.id}"]`)?.textContent;
  return { label, any: region.options[0]?.textContent };
}

describe('the region label by country', () => {
  it('says Bundesland for Germany and Austria, Kanton for Switzerland, Bundesstaat for the US (German)', async () => {
    await setupI18n('de');
    renderFilters();
    expect(await regionFieldFor('DE', 'Land')).toEqual({ label: 'Bundesland', any: 'Alle Bundesländer' });
    expect(await regionFieldFor('AT', 'Land')).toEqual({ label: 'Bundesland', any: 'Alle Bundesländer' });
    expect(await regionFieldFor('CH', 'Land')).toEqual({ label: 'Kanton', any: 'Alle Kantone' });
    expect(await regionFieldFor('US', 'Land')).toEqual({ label: 'Bundesstaat', any: 'Alle Bundesstaaten' });
    expect(await regionFieldFor('NL', 'Land')).toEqual({ label: 'Provinz', any: 'Alle Provinzen' });
    // The panel's buttons may wrap: a long label never pushes the reset button out of the panel.
    const actions = within(screen.getByRole('search')).getByRole('button', { name: 'Zurücksetzen' }).parentElement!;
    expect(actions.classList.contains('flex-wrap')).toBe(true);
  });

  it('uses the proper word in other languages too', async () => {
    await setupI18n('fr');
    renderFilters();
    expect(await regionFieldFor('DE', 'Pays')).toEqual({ label: 'Land', any: 'Tous les Länder' });
    expect(await regionFieldFor('US', 'Pays')).toMatchObject({ label: 'État' });
    await setupI18n('en');
  });
});
