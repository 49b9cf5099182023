// The whole shell against a stubbed API: home page in the default layout, entry warning, footer, and the 404 route.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { buildSettings } from '../test-support/settings.fixture.ts';
import { App } from './app.tsx';
import { getRouter } from './router.tsx';

const settings = buildSettings({ geoip_selected_country: 'NL' });
// Booting loads route chunks and locale files; a busy test machine needs more than the default second.
const SLOW = { timeout: 10_000 };

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.startsWith('/api/settings.php')
        ? { settings }
        : url.startsWith('/api/companyinfo.php')
          ? { company: settings.company, support_email: settings.support_email, support_phone: settings.support_phone }
          : { error: { status: 404, code: 'route_not_found', message: 'Not found' } };
      return new Response(JSON.stringify(body), { status: 'settings' in body || 'company' in body ? 200 : 404 });
    }),
  );
});
afterAll(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('App', () => {
  it('boots into the home page with the default layout', async () => {
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: settings.index_title }, SLOW)).toBeTruthy();
    expect(document.title).toBe(settings.index_title);

    const banner = screen.getByRole('banner');
    // The Login button waits for the session check (GET /api/user.php), so a member never sees it flash.
    expect((await within(banner).findByRole('link', { name: 'Login' }, SLOW)).getAttribute('href')).toBe('/login');
    expect(within(banner).getByRole('link', { name: 'Amoria home page' }).getAttribute('href')).toBe('/');
    expect(within(banner).getByRole('button', { name: 'Language: English, EN' })).toBeTruthy();

    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(within(main).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');

    const footer = screen.getByRole('contentinfo');
    const footerNav = within(footer).getByRole('navigation', { name: 'Footer' });
    expect(
      within(footerNav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Terms and conditions', '/pages/terms'],
      ['Privacy policy', '/pages/privacy'],
      ['Cookie policy', '/pages/cookies'],
      ['Access ban', '/pages/ban'],
      ['Pricing', '/pricing'],
      ['Complaints', '/complaints'],
      ['Returns and refunds', '/pages/return-policy'],
      ['FAQ', '/pages/faq'],
      ['Customer service', '/pages/service'],
    ]);
    expect(within(footer).getByText('Amoria Media B.V.')).toBeTruthy();
    expect(within(footer).getByText('Chamber of Commerce (KvK) 12345678')).toBeTruthy();
    expect(within(footer).getByText('VAT NL123456789B01')).toBeTruthy();
    expect(
      within(within(footer).getByRole('list', { name: 'Payment methods' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['iDEAL', 'Visa', 'Mastercard', 'PayPal']);
    expect(within(footer).getByTestId('us-footer').textContent).toContain('18 U.S.C. 2257');

    fireEvent.click(await screen.findByRole('button', { name: 'Enter' }, SLOW));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
  });

  it('shows the 404 page inside the layout for an unknown path', async () => {
    await getRouter().navigate('/nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: '404 This page could not be found' }, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to the home page' }));
    expect(await screen.findByRole('heading', { level: 1, name: settings.index_title }, SLOW)).toBeTruthy();
  });
});
