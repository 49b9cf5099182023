// Landers in the web app: the partner redirect's countdown and address, the adoption of the server's first view, its
// calls to action (signup modal, member signup page), the swipe cards, and the signup flow's choice of the redirect.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { GEOLOCATION_MAX_AGE_MS, type LanderPayload } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../test-support/render.tsx';
import { mockFetch } from '../../test-support/fetch-mock.ts';
import { TRACKING_STORAGE_KEY } from '../../lib/tracking.ts';
import { registerSignupModal, resetSignupModal, useSignupModalState } from '../../lib/signup-modal-store.ts';
import { PartnerRedirect } from './components/partner-redirect.tsx';
import { LanderPage } from './components/lander-page.tsx';
import { PARTNER_REDIRECT_SECONDS, partnerUrlWithTracking } from './lib/partner-redirect.ts';
import { PLACE_MAX_AGE_SECONDS, swipeTopCard } from './lib/lander-interactions.ts';

beforeAll(() => setupI18n());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  resetSignupModal();
  document.getElementById('lander-ssr')?.remove();
  document.getElementById('lander-data')?.remove();
});

const TRACKING = { network: 'adnet', ref: 'r7', sub1: 's1' };

describe('partner redirect', () => {
  it('adds the tracking data to the partner address, replacing its own values of those names', () => {
    expect(partnerUrlWithTracking('https://partner.example/join?ref=old&x=1', TRACKING)).toBe(
      'https://partner.example/join?ref=r7&x=1&network=adnet&sub1=s1',
    );
    expect(partnerUrlWithTracking('javascript:alert(1)', TRACKING)).toBeNull();
    expect(partnerUrlWithTracking('not a url', {})).toBeNull();
  });

  it('counts down, then forwards with the tracking data', () => {
    vi.useFakeTimers();
    sessionStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify(TRACKING));
    const forward = vi.fn();
    renderWithProviders(<PartnerRedirect partnerUrl="https://partner.example/join" forward={forward} />);
    expect(screen.getByRole('heading', { name: 'You are being forwarded' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain(`in ${PARTNER_REDIRECT_SECONDS} seconds`);
    expect(screen.getByRole('link', { name: 'Continue now' }).getAttribute('href')).toBe(
      'https://partner.example/join?network=adnet&ref=r7&sub1=s1',
    );
    for (let second = 1; second < PARTNER_REDIRECT_SECONDS; second++) act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toContain('in 1 second.');
    expect(forward).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(forward).toHaveBeenCalledWith('https://partner.example/join?network=adnet&ref=r7&sub1=s1');
  });

  it('stays when the visitor asks to', () => {
    vi.useFakeTimers();
    const forward = vi.fn();
    renderWithProviders(<PartnerRedirect partnerUrl="https://partner.example/join" forward={forward} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stay here' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(forward).not.toHaveBeenCalled();
    expect(screen.getByRole('timer').textContent).toBe('Forwarding stopped. You can continue whenever you like.');
  });
});

function payloadFor(path: string, overrides: Partial<LanderPayload> = {}): LanderPayload {
  return {
    kind: 'lander',
    name: 'tinderswipe',
    path,
    niche: 1,
    language: 'en',
    is_language_from_slug: false,
    texts: {
      title: 'Meet singles near you | Amoria',
      description: 'Lead',
      headline: 'Swipe, match, chat',
      lead: 'Lead',
      cta: 'Sign up for free',
    },
    image: null,
    profiles: [],
    member: null,
    private_photo_count: 0,
    signup_href: null,
    is_near: false,
    variant: null,
    ...overrides,
  };
}

/** What the server puts into index.html (modules/landers): the JSON payload and the first view before the root. */
function injectServerView(payload: LanderPayload, markup: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'lander-data';
  script.textContent = JSON.stringify(payload);
  document.head.append(script);
  const container = document.createElement('div');
  container.id = 'lander-ssr';
  container.innerHTML = `<header>logo</header><main><div class="ldr" data-lander="${payload.name}" data-lander-path="${payload.path}">${markup}</div></main>`;
  document.body.prepend(container);
}

const SWIPE_MARKUP = `<h1>Swipe, match, chat</h1>
<div class="ldr-swipe-stack" data-lander-stack>
<div class="ldr-swipe-match"><a class="ldr-cta" href="/signup?ref=r7" data-lander-signup="modal">Sign up for free</a></div>
<article data-lander-card aria-label="Bea, 30" aria-hidden="true"></article>
<article data-lander-card aria-label="Ann, 28"></article>
</div>
<button type="button" data-lander-swipe="nope">Pass</button><button type="button" data-lander-swipe="like">Like</button>
<a class="ldr-cta" href="/signup?ref=r7" data-lander-signup="modal">Sign up for free</a>`;

function ModalState() {
  return <output data-testid="modal-state">{useSignupModalState().isOpen ? 'open' : 'closed'}</output>;
}

describe('lander page', () => {
  it('adopts the server view without asking the API, and its call to action opens the signup modal', async () => {
    const { calls } = mockFetch(() => undefined);
    injectServerView(payloadFor('/landers/tinderswipe'), SWIPE_MARKUP);
    const unregister = registerSignupModal();
    renderWithProviders(
      <>
        <LanderPage />
        <ModalState />
      </>,
      { path: '/landers/tinderswipe?network={adnet}&ref=r7' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Swipe, match, chat' })).toBeTruthy();
    expect(document.getElementById('lander-ssr')).toBeNull();
    expect(document.querySelector('.lander-host [data-lander="tinderswipe"]')).not.toBeNull();
    expect(calls.some((call) => call.path.includes('landers.php'))).toBe(false);
    // The landing URL's tracking data is kept for signup step 0, braces removed.
    expect(JSON.parse(sessionStorage.getItem(TRACKING_STORAGE_KEY) ?? '{}')).toEqual({ network: 'adnet', ref: 'r7' });

    fireEvent.click(screen.getAllByRole('link', { name: 'Sign up for free' }).at(-1)!);
    expect(screen.getByTestId('modal-state').textContent).toBe('open');
    unregister();
  });

  it('swipes the cards away, top card first, then shows the match card', () => {
    const root = document.createElement('div');
    root.innerHTML = SWIPE_MARKUP;
    const [bottom, top] = root.querySelectorAll<HTMLElement>('[data-lander-card]');
    expect(swipeTopCard(root, true)).toBe(true);
    expect(top!.className).toContain('is-liked');
    expect(bottom!.hasAttribute('aria-hidden')).toBe(false);
    expect(swipeTopCard(root, false)).toBe(true);
    expect(bottom!.className).toContain('is-noped');
    expect(root.querySelector('[data-lander-stack]')!.className).toContain('is-done');
    expect(swipeTopCard(root, true)).toBe(false);
  });

  it('fetches a lander the document did not come with, and leads a member landing to the member signup page', async () => {
    const payload = payloadFor('/members/7/landing', {
      kind: 'member',
      name: 'landing',
      signup_href: '/members/7/signup?ref=r7',
    });
    const { calls } = mockFetch(({ url }) =>
      url.pathname.endsWith('landers.php')
        ? {
            body: {
              lander: payload,
              html: '<div class="ldr" data-lander-path="/members/7/landing"><h1>Ann would like to get to know you</h1><a href="/members/7/signup?ref=r7" data-lander-signup="member">Send Ann a message</a></div>',
              css: '.ldr{color:red}',
            },
          }
        : undefined,
    );
    const { router } = renderWithProviders(<LanderPage />, { path: '/members/7/landing?ref=r7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann would like to get to know you' })).toBeTruthy();
    expect(calls.find((call) => call.path.includes('landers.php'))!.path).toContain('path=%2Fmembers%2F7%2Flanding');
    expect(document.getElementById('lander-css')?.textContent).toBe('.ldr{color:red}');
    fireEvent.click(screen.getByRole('link', { name: 'Send Ann a message' }));
    expect(router.state.location.pathname).toBe('/members/7/signup');
    expect(router.state.location.search).toBe('?ref=r7');
  });

  it('renders the lander itself when landers.php answers without markup (a server without the release render)', async () => {
    const payload = payloadFor('/landers/gallery', { name: 'gallery' });
    mockFetch(({ url }) =>
      url.pathname.endsWith('landers.php') ? { body: { lander: payload, html: '', css: '' } } : undefined,
    );
    renderWithProviders(<LanderPage />, { path: '/landers/gallery' });
    // Its components load as a chunk of their own (transformed on first use here).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Swipe, match, chat' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(document.querySelector('.lander-host [data-lander="gallery"]')).not.toBeNull();
    expect(screen.getAllByRole('link', { name: 'Sign up for free' })[0]!.getAttribute('href')).toBe('/signup');
  });

  it('keeps the place cookie as long as the position (SPEC section 9)', () => {
    expect(PLACE_MAX_AGE_SECONDS * 1000).toBe(GEOLOCATION_MAX_AGE_MS);
  });
});
