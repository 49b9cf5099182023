// Each layout of SPEC section 2 shows the entry warning by its own rule: every country in the default layout, only NL and DE in the others.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Outlet } from 'react-router';
import { renderWithProviders, setupI18n } from '../../test-support/render.tsx';
import { ChatLayout } from './chat-layout.tsx';
import { EmptyLayout } from './empty-layout.tsx';
import { LanderLayout } from './lander-layout.tsx';

beforeAll(() => setupI18n());
afterEach(() => localStorage.clear());

const bareLayouts: [string, ComponentType][] = [
  ['chat', ChatLayout],
  ['lander', LanderLayout],
  ['empty', EmptyLayout],
];

/** Renders the layout around a page, as the router does, and waits for the page. */
async function renderLayout(Layout: ComponentType, country: string) {
  const result = renderWithProviders(<Outlet />, {
    settings: { geoip_selected_country: country },
    routes: [{ path: '/page', element: <Layout />, children: [{ index: true, element: <p>page</p> }] }],
    path: '/page',
  });
  await screen.findByText('page');
  return result;
}

describe('entry warning per layout', () => {
  it.each(bareLayouts)('the %s layout shows it to visitors from NL and DE only', async (_name, Layout) => {
    for (const country of ['NL', 'DE']) {
      const shown = await renderLayout(Layout, country);
      expect(await screen.findByRole('dialog', { name: /adult content/i })).toBeTruthy();
      shown.unmount();
    }
    for (const country of ['BE', 'US']) {
      const hidden = await renderLayout(Layout, country);
      expect(screen.queryByRole('dialog', { name: /adult content/i })).toBeNull();
      hidden.unmount();
    }
  });
});
