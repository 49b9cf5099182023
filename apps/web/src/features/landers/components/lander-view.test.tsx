// The landers' components as the server renders them (React's static renderer, the server's translator in the real
// English texts): one h1 per page, every call to action a real link to the signup page, the landmarks and names the
// e2e tests and assistive technology use, values escaped, and no claim the payload does not make.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { TFunction } from 'i18next';
import { LANDER_NAMES, type LanderPayload, type LanderProfile } from '@app/contracts';
import { setupI18n } from '../../../test-support/render.tsx';
import { LanderView } from './lander-view.tsx';

let t: TFunction;
beforeAll(async () => {
  t = (await setupI18n()).t;
});

const profile = (id: number, overrides: Partial<LanderProfile> = {}): LanderProfile => ({
  id,
  name: `Ann${id}`,
  age: 30 + id,
  city: 'Utrecht',
  region: null,
  country: 'NL',
  place: 'Utrecht',
  main_image: {
    filename: `/uploads/photos/aa/${id}.jpg`,
    thumb_filename: `/uploads/photos/aa/${id}-t.jpg`,
    status: 'active',
  },
  activity: 'today',
  ...overrides,
});

function payloadOf(overrides: Partial<LanderPayload>): LanderPayload {
  return {
    kind: 'lander',
    name: 'gallery',
    path: '/landers/gallery',
    niche: 1,
    language: 'en',
    is_language_from_slug: false,
    texts: { title: 'Title', description: 'Lead', headline: 'Headline', lead: 'Lead', cta: 'Sign up for free' },
    image: null,
    profiles: Array.from({ length: 12 }, (_, index) => profile(index + 1)),
    member: null,
    private_photo_count: 0,
    signup_href: null,
    is_near: false,
    variant: null,
    ...overrides,
  };
}

const render = (payload: LanderPayload) => {
  document.body.innerHTML = renderToStaticMarkup(
    <LanderView payload={payload} siteName="Amoria" t={t} signupHref="/signup" />,
  );
  return document.body;
};

describe('lander view', () => {
  it.each(LANDER_NAMES)('%s: one h1, real signup links, named links and decorative icons', (name) => {
    const body = render(payloadOf({ name, path: `/landers/${name}` }));
    expect(body.querySelectorAll('h1')).toHaveLength(1);
    expect(body.querySelector('h1')!.textContent).toBe('Headline');
    expect(body.querySelector(`[data-lander="${name}"][data-lander-path="/landers/${name}"]`)).not.toBeNull();
    const links = [...body.querySelectorAll('a')];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe('/signup');
      expect(link.dataset.landerSignup).toBe('modal');
      expect(link.getAttribute('aria-label') ?? link.textContent).not.toBe('');
    }
    for (const svg of body.querySelectorAll('svg')) expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(body.textContent).not.toMatch(/near you|Closest to you/i);
  });

  it('tinderswipe: the stack bottom card first, the top card the only one not hidden, Like and Pass named', () => {
    const body = render(payloadOf({ name: 'tinderswipe', path: '/landers/tinderswipe' }));
    const cards = [...body.querySelectorAll('[data-lander-card]')];
    expect(cards).toHaveLength(6);
    expect(cards.at(-1)!.getAttribute('aria-label')).toBe('Ann1, 31');
    expect(cards.filter((card) => !card.hasAttribute('aria-hidden'))).toHaveLength(1);
    expect([...body.querySelectorAll('[data-lander-swipe]')].map((button) => button.textContent)).toEqual([
      'Pass',
      'Like',
    ]);
  });

  it('escapes every value and says "near" only when the payload does', () => {
    const body = render(
      payloadOf({
        name: 'maplanding',
        path: '/landers/maplanding',
        is_near: true,
        profiles: [profile(1, { name: '</script><b>Evil</b>' })],
      }),
    );
    expect(body.querySelector('b')).toBeNull();
    expect(body.textContent).toContain('</script><b>Evil</b>');
    expect(body.querySelector('[role="group"]')!.getAttribute('aria-label')).toMatch(/near you/i);
  });

  it('member landings: their signup page, the member, and as many locked tiles as private photos', () => {
    const member = profile(7);
    const common = { kind: 'member' as const, member, profiles: [], signup_href: '/members/7/signup' };
    for (const name of ['landing', 'landing2', 'landing3'] as const) {
      const body = render(payloadOf({ ...common, name, path: `/members/7/${name}`, private_photo_count: 2 }));
      expect(body.querySelectorAll('h1')).toHaveLength(1);
      for (const link of body.querySelectorAll('a')) {
        expect(link.getAttribute('href')).toBe('/members/7/signup');
        expect(link.getAttribute('data-lander-signup')).toBe('member');
      }
      expect(body.querySelectorAll('.ldr-private-tile')).toHaveLength(name === 'landing3' ? 2 : 0);
    }
  });
});
