// The entry-warning modal: shown per the rules, "Enter" remembers the dismissal with a timestamp, "Leave" leaves.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { SITE_ENTRY_LEAVE_URL } from '@app/contracts';
import { SiteEntryWarning } from './site-entry-warning.tsx';

beforeAll(() => setupI18n());

/** Renders the warning beside a marker, so "no dialog" is checked only once the tree has rendered. */
async function renderWarning(
  layout: 'default' | 'chat' | 'lander' | 'empty',
  options?: Parameters<typeof renderWithProviders>[1],
) {
  const result = renderWithProviders(
    <>
      <p>page</p>
      <SiteEntryWarning layout={layout} />
    </>,
    options,
  );
  await screen.findByText('page');
  return result;
}
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('SiteEntryWarning', () => {
  it('shows an adult-content dialog that only its buttons close', async () => {
    renderWithProviders(<SiteEntryWarning layout="default" />);
    const dialog = await screen.findByRole('dialog', { name: /adult content/i });
    expect(dialog).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Leave' }).getAttribute('href')).toBe(SITE_ENTRY_LEAVE_URL);
  });

  it('remembers "Enter" with a timestamp and does not come back', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const first = renderWithProviders(<SiteEntryWarning layout="default" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enter' }));
    expect(localStorage.getItem(STORAGE_KEYS.siteEntryWarning)).toBe('1700000000000');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();
    vi.restoreAllMocks();

    await renderWarning('default');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('follows the settings: off, and outside the default layout only for NL and DE', async () => {
    const off = await renderWarning('default', { settings: { enable_site_entry_popup: 'no' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    off.unmount();

    const belgianLander = await renderWarning('lander', { settings: { geoip_selected_country: 'BE' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    belgianLander.unmount();

    renderWithProviders(<SiteEntryWarning layout="chat" />, { settings: { geoip_selected_country: 'DE' } });
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('stays hidden in installed-app mode', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(display-mode: standalone)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    await renderWarning('default');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("takes the place of the copy a lander's server-written view carries: that copy goes, the modal shows without a fade", async () => {
    const serverCopy = () => document.getElementById('site-entry-ssr');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="site-entry-ssr"><div role="dialog" aria-label="server copy"></div></div>',
    );
    const shown = renderWithProviders(<SiteEntryWarning layout="lander" />, {
      settings: { geoip_selected_country: 'NL' },
    });
    const dialog = await screen.findByRole('dialog', { name: /adult content/i });
    expect(serverCopy()).toBeNull();
    expect(dialog.closest('.modal')?.classList.contains('fade')).toBe(false);
    shown.unmount();

    // Rules that say no (here: entered before) remove the copy too.
    localStorage.setItem(STORAGE_KEYS.siteEntryWarning, '1700000000000');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="site-entry-ssr"><div role="dialog" aria-label="server copy"></div></div>',
    );
    await renderWarning('lander', { settings: { geoip_selected_country: 'NL' } });
    expect(serverCopy()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
