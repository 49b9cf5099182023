// The 404 page of SPEC sections 2 and 8.
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../test-support/render.tsx';
import { NotFoundPage } from './not-found-page.tsx';

beforeAll(() => setupI18n());

describe('NotFoundPage', () => {
  it('says "404 This page could not be found" and links back home', async () => {
    const { router } = renderWithProviders(<NotFoundPage />, {
      path: '/does-not-exist',
      routes: [{ path: '/', element: <p>home</p> }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: '404 This page could not be found' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Back to the home page' });
    expect(link.getAttribute('href')).toBe('/');
    fireEvent.click(link);
    expect(await screen.findByText('home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sets the document title', async () => {
    renderWithProviders(<NotFoundPage />, { path: '/nope' });
    await screen.findByRole('heading', { level: 1 });
    expect(document.title).toBe('404 This page could not be found');
  });
});
