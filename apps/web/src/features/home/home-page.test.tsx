// The home page's sentence about the site's members: a number only when the site's real count backs it (rounded down
// by the server: home-members.php's member_count), a sentence without a number otherwise (docs/traffic.md).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../test-support/render.tsx';
import { mockFetch } from '../../test-support/fetch-mock.ts';
import { HomePage } from './home-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

function renderHome(memberCount: number | null) {
  mockFetch(({ url }) =>
    url.pathname === '/api/home-members.php' ? { body: { profiles: [], member_count: memberCount } } : undefined,
  );
  renderWithProviders(<HomePage />);
}

describe('HomePage', () => {
  it('names the number of singles when the site has that many, rounded down as the server sent it', async () => {
    renderHome(2000);
    expect(await screen.findByText(/^More than 2,000 singles are already looking on /)).toBeTruthy();
  });

  it('says no number on a site without enough members', async () => {
    renderHome(null);
    expect(await screen.findByText(/^Create your free profile and meet the singles of /)).toBeTruthy();
    expect(screen.queryByText(/Thousands|More than/)).toBeNull();
  });
});
