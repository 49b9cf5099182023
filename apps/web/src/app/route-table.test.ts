// The route table the server shares (@app/contracts web-routes.ts): the router has exactly its paths, and the server's
// reading of a path (`matchWebRoute`: a page, or the 404 page) agrees with what the router shows there.
import { describe, expect, it } from 'vitest';
import { createStaticHandler, matchRoutes, type RouteObject } from 'react-router';
import { WEB_ROUTE_PATHS, listPageAliases, matchWebRoute } from '@app/contracts';
import { paths } from '../config/paths.ts';
import { routes } from './router.tsx';

function routePaths(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);
}

/** The status the router answers a path with: 404 where it shows its 404 page (the catch-all, or a loader's 404). */
async function routerStatus(pathname: string): Promise<number> {
  const context = await createStaticHandler(routes).query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) return context.status;
  if (context.matches.at(-1)?.route.path === '*') return 404;
  return context.statusCode;
}

describe('the shared route table', () => {
  it("is the router's: every route's path is in the table, every path of the table a route's", () => {
    const inRouter = routePaths(routes);
    const inTable = Object.values(WEB_ROUTE_PATHS) as string[];
    expect(inRouter.filter((path) => !inTable.includes(path))).toEqual(['*']);
    // `/landers/tinderswipe` is a link's (paths.landerTinderswipe), shown by the landers' route.
    for (const path of inTable.filter((entry) => !inRouter.includes(entry)))
      expect(matchRoutes(routes, path)?.at(-1)?.route.path, path).toBe(WEB_ROUTE_PATHS.lander);
    for (const [name, route] of Object.entries(paths))
      expect(route.path, name).toBe(WEB_ROUTE_PATHS[name as keyof typeof WEB_ROUTE_PATHS]);
  });

  it.each([
    ['/', 200],
    ['/members/5', 200],
    ['/Members/', 200],
    ['/pages/faq', 200],
    ['/pages/%66aq', 200],
    ['/pages/nosuch', 404],
    ['/pages/FAQ', 404],
    ['/likes/matches', 200],
    ['/likes/nosuch', 404],
    ['/zzz-unknown-page', 404],
    ['/no/such/page', 404],
    ['/members/5/nosuch', 404],
    ['/credits/1/card', 200],
    ['/credits/1/card/extra', 404],
    ['/transactions', 200],
    ['/landers/video/eng', 200],
    ['/landers/video/eng/more', 404],
    ['/admin/members/5', 200],
  ])('reads %s as the router does (%i)', async (pathname, status) => {
    expect(await routerStatus(pathname)).toBe(status === 200 ? 200 : 404);
    expect(matchWebRoute(pathname) === null ? 404 : 200).toBe(status);
  });

  it('knows every /{token} alias as a page, in any case: the router forwards it', async () => {
    for (const [alias, target] of listPageAliases()) {
      expect(matchWebRoute(`/${alias}`), alias).toBe('token');
      expect(matchWebRoute(`/${alias.toUpperCase()}`), alias).toBe('token');
      expect(matchWebRoute(target), target).not.toBeNull();
    }
    expect(await routerStatus('/AGB?ref=x')).toBe(302);
  });
});
