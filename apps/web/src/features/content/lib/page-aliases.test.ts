import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { listPageAliases, resolvePageAlias, tokenLoader } from './page-aliases.ts';

describe('/{token} page aliases', () => {
  it('forwards known words in any case to their page, and nothing else', () => {
    expect(resolvePageAlias('terms')).toBe('/pages/terms');
    expect(resolvePageAlias('AGB')).toBe('/pages/terms');
    expect(resolvePageAlias('datenschutz')).toBe('/pages/privacy');
    expect(resolvePageAlias('contact')).toBe('/pages/service');
    expect(resolvePageAlias('refund')).toBe('/pages/return-policy');
    expect(resolvePageAlias('klachten')).toBe('/complaints');
    expect(resolvePageAlias('language')).toBe('/lang-config');
    expect(resolvePageAlias('ban')).toBeNull();
    expect(resolvePageAlias('no-such-page')).toBeNull();
    expect(resolvePageAlias(undefined)).toBeNull();
  });

  it('uses each alias once', () => {
    const aliases = listPageAliases().map(([alias]) => alias);
    expect(new Set(aliases).size).toBe(aliases.length);
  });

  it('redirects with the query string kept, and answers 404 for an unknown token', async () => {
    const redirect = tokenLoader({
      params: { token: 'FAQ' },
      request: new Request('http://localhost/FAQ?ref=abc&sub1=x'),
      context: {},
    } as never) as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/pages/faq?ref=abc&sub1=x');
    let thrown: unknown;
    try {
      tokenLoader({
        params: { token: 'xyz123' },
        request: new Request('http://localhost/xyz123'),
        context: {},
      } as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
    // The route table: a real path is never taken for a token.
    expect(
      createMemoryRouter(
        [
          { path: '/:token', loader: tokenLoader },
          { path: '/complaints', element: null },
        ],
        { initialEntries: ['/complaints'] },
      ).state.matches.at(-1)?.route.path,
    ).toBe('/complaints');
  });
});
