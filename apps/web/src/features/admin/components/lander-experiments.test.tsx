// Lander experiments: a lander's variants with their shares of new visitors, edited (weights, designs, rows added and
// removed) and saved as a whole; roles that may not change them only see what runs.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { LanderExperiments } from './lander-experiments.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const experiment = {
  site_id: 3,
  lander: 'gallery',
  variants: [
    { key: 'a', design: 'gallery', weight: 50 },
    { key: 'b', design: 'video', weight: 50 },
  ],
  updated_at: '2026-11-20T10:00:00.000Z',
};
const sites = [
  { id: 1, domain: 'other.example', name: 'Other', is_default: false, created_at: '2026-01-01T00:00:00.000Z' },
  { id: 3, domain: 'dates.example', name: 'Dates', is_default: true, created_at: '2026-01-01T00:00:00.000Z' },
];

function renderExperiments(canEdit: boolean) {
  const { calls } = mockFetch(({ method, url, body }) => {
    if (url.pathname === '/api/admin/traffic/experiments') return { body: { experiments: [experiment] } };
    if (url.pathname === '/api/admin/sites') return { body: { sites } };
    if (method === 'PUT' && url.pathname === '/api/admin/traffic/experiments/gallery') {
      const { variants } = body as { variants: unknown[] };
      return { body: { experiment: { ...experiment, variants, updated_at: '2026-11-21T10:00:00.000Z' } } };
    }
    return undefined;
  });
  renderWithProviders(<LanderExperiments canEdit={canEdit} canListSites={canEdit} />);
  return calls;
}

const shareOf = (variant: HTMLElement) => variant.querySelector('output')?.textContent;

describe('LanderExperiments', () => {
  it('shows the weights as shares and saves the edited variants of the chosen lander', async () => {
    const calls = renderExperiments(true);
    // The default site is chosen first.
    await waitFor(() => expect(screen.getByLabelText('Site')).toHaveProperty('value', '3'));
    fireEvent.change(screen.getByLabelText('Lander'), { target: { value: 'gallery' } });
    const form = await screen.findByRole('form', { name: 'Variants of gallery' });
    const first = within(form).getByRole('group', { name: 'Variant 1' });
    const second = within(form).getByRole('group', { name: 'Variant 2' });
    expect(shareOf(first)).toBe('50%');

    fireEvent.change(within(second).getByLabelText('Weight'), { target: { value: '150' } });
    fireEvent.change(within(second).getByLabelText('Design'), { target: { value: 'tinderswipe' } });
    expect(shareOf(first)).toBe('25%');
    expect(shareOf(second)).toBe('75%');

    fireEvent.click(within(form).getByRole('button', { name: 'Add variant' }));
    const third = within(form).getByRole('group', { name: 'Variant 3' });
    expect(within(third).getByLabelText('Key')).toHaveProperty('value', 'c');
    fireEvent.click(within(third).getByRole('button', { name: 'Remove Variant 3' }));
    expect(within(form).queryByRole('group', { name: 'Variant 3' })).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Save variants' }));
    expect(await screen.findByText('gallery: 2 variants saved.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/admin/traffic/experiments/gallery',
      body: {
        site_id: 3,
        variants: [
          { key: 'a', design: 'gallery', weight: 50 },
          { key: 'b', design: 'tinderswipe', weight: 150 },
        ],
      },
    });
  });

  it('refuses a weight that is not a whole number at its field', async () => {
    const calls = renderExperiments(true);
    await waitFor(() => expect(screen.getByLabelText('Site')).toHaveProperty('value', '3'));
    fireEvent.change(screen.getByLabelText('Lander'), { target: { value: 'gallery' } });
    const form = await screen.findByRole('form', { name: 'Variants of gallery' });
    const weight = within(within(form).getByRole('group', { name: 'Variant 1' })).getByLabelText('Weight');
    fireEvent.change(weight, { target: { value: '1.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save variants' }));
    await waitFor(() => expect(weight.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows a read-only role the experiments running, with no form', async () => {
    const calls = renderExperiments(false);
    const table = await screen.findByRole('table', { name: 'Experiments running' });
    const row = within(table).getByRole('rowheader', { name: 'gallery' }).closest('tr')!;
    expect(row.textContent).toContain('a: gallery (50%)');
    expect(row.textContent).toContain('b: video (50%)');
    expect(screen.queryByRole('form')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/admin/sites'))).toBe(false);
  });
});
