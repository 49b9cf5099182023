// The site form edits the member-facing texts one language at a time: a field per text for the chosen language, named
// with it ("Warning about fictional profiles (Deutsch)"); a save sends every language, and an error in a language not
// shown switches to it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminSiteInputSchema } from '@app/contracts';
import { SITE_TEXT_DEFAULTS } from '@app/i18n';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildSettings } from '../../../test-support/settings.fixture.ts';
import { SitesPage } from './sites-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const { geoip_country: _g, geoip_selected_country: _s, push_public_key: _p, ...publicSettings } = buildSettings();
/** The stored settings as the console reads them: the texts in every language. */
const stored = adminSiteInputSchema.parse({
  ...publicSettings,
  push_public_key: '',
  explicit_photos: 'review',
  risk_threshold: 60,
  risk_weights: {},
  transaction_costs: {},
  index_title: { en: 'Amoria – meet singles near you', de: 'Amoria – triff Singles in deiner Nähe' },
  description: { en: 'Meet singles.' },
  fictional_warning: { en: SITE_TEXT_DEFAULTS.en.fictional_warning, de: SITE_TEXT_DEFAULTS.de.fictional_warning },
  fictional_singular: { en: 'fictional profile' },
  fictional_plural: { en: 'fictional profiles' },
});

function renderSites(answerPut: (body: unknown) => { status?: number; body: unknown } = (body) => ({ body })) {
  const { calls } = mockFetch(({ method, url, body }) => {
    if (url.pathname === '/api/admin/sites')
      return {
        body: {
          sites: [{ id: 1, domain: 'localhost', name: 'Amoria', is_default: true, created_at: '2024-01-01T00:00:00Z' }],
        },
      };
    const site = { id: 1, is_default: true, created_at: '2024-01-01T00:00:00Z' };
    if (url.pathname === '/api/admin/sites/1' && method === 'GET')
      return { body: { site: { ...site, settings: stored } } };
    if (url.pathname === '/api/admin/sites/1' && method === 'PUT') {
      const answer = answerPut(body);
      return answer.status ? answer : { body: { site: { ...site, settings: answer.body } } };
    }
    if (url.pathname.startsWith('/api/admin/sites/1/')) return { body: { bundles: [], discount_codes: [] } };
    return undefined;
  });
  renderWithProviders(<SitesPage />);
  return calls;
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Amoria' }));
  return screen.findByRole('form', { name: 'Edit Amoria' });
}

describe('site texts in the site form', () => {
  it('edits the German warning in its own field and saves every language', async () => {
    const calls = renderSites();
    const form = await openForm();
    const english = within(form).getByLabelText('Warning about fictional profiles (English)') as HTMLTextAreaElement;
    expect(english.value).toBe(SITE_TEXT_DEFAULTS.en.fictional_warning);
    expect(within(form).queryByLabelText('Warning about fictional profiles (Deutsch)')).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Deutsch' }));
    expect(within(form).getByRole('button', { name: 'Deutsch' }).getAttribute('aria-pressed')).toBe('true');
    const german = within(form).getByLabelText('Warning about fictional profiles (Deutsch)') as HTMLTextAreaElement;
    expect(german.value).toBe(SITE_TEXT_DEFAULTS.de.fictional_warning);
    fireEvent.change(german, { target: { value: 'Manche Profile sind erfunden.' } });
    // The preview shows the language being edited; a German text missing falls back as visitors see it.
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(within(preview).getByText('Manche Profile sind erfunden.')).toBeTruthy();
    expect(within(preview).getByText('Amoria – triff Singles in deiner Nähe')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Name for one fictional profile (Deutsch)'), {
      target: { value: 'fiktives Profil' },
    });

    fireEvent.click(within(form).getByRole('button', { name: 'Save site' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const body = calls.find((call) => call.method === 'PUT')!.body as Record<string, Record<string, string>>;
    expect(body.fictional_warning).toEqual({
      en: SITE_TEXT_DEFAULTS.en.fictional_warning,
      de: 'Manche Profile sind erfunden.',
    });
    expect(body.fictional_singular).toEqual({ en: 'fictional profile', de: 'fiktives Profil' });
    expect(body.index_title).toEqual(stored.index_title);
  });

  it('shows a bad text in the language it is in, with focus on it: checked here, and as the API refuses it', async () => {
    renderSites(() =>
      jsonError(400, 'validation_failed', { fields: [{ path: 'description.fr', code: 'invalid_value' }] }),
    );
    const form = await openForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Deutsch' }));
    fireEvent.change(within(form).getByLabelText('Warning about fictional profiles (Deutsch)'), {
      target: { value: 'x'.repeat(5001) },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'English' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save site' }));
    // Refused before sending: the German field is shown again, marked and focused.
    const german = await within(form).findByLabelText('Warning about fictional profiles (Deutsch)');
    expect(german.classList.contains('is-invalid')).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(german));
    expect(within(form).getByRole('button', { name: 'Deutsch (has an error)' })).toBeTruthy();

    fireEvent.change(german, { target: { value: 'Manche Profile sind erfunden.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save site' }));
    // The API names the French description: the form shows French.
    const french = await within(form).findByLabelText('Description for search engines (Français)');
    await waitFor(() => expect(french.classList.contains('is-invalid')).toBe(true));
    expect(within(form).getByText('This value is not valid.')).toBeTruthy();
  });
});
