// The route table's landing pages: any slug reaches the lander page, which the server answers for (modules/landers,
// docs/landers.md: a slug naming no niche and locale is ignored), so an ad link with a typo never shows the 404 page.
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { paths } from '../config/paths.ts';
import { routes } from './router.tsx';

const pageRouteOf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path;

describe('landing routes', () => {
  it('sends a lander with any slug to the lander page: digits, an unknown locale or niche prefix, mixed case', () => {
    for (const slug of ['1', '123', 'she-xx', 'xx', 'lesbian-eng', 'Typo-ENG', 'SHE-ENG', 'bbw-de', 'caf%C3%A9'])
      for (const lander of ['video', 'gallery'])
        expect(pageRouteOf(`/landers/${lander}/${slug}`), `${lander}/${slug}`).toBe(paths.lander.path);
    expect(pageRouteOf('/landers/video')).toBe(paths.lander.path);
    expect(pageRouteOf('/members/7/landing2/1')).toBe(paths.membersIdLanding2.path);
    expect(pageRouteOf('/members/7/landing3/Typo')).toBe(paths.membersIdLanding3.path);
    // Two segments after the lander are no lander: the 404 page.
    expect(pageRouteOf('/landers/video/1/2')).toBe('*');
  });
});
