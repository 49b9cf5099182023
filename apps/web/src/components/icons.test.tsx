// Icons: every interest interests.php can answer has its own SVG, the default fictional-profile mark is unlike all of
// them, and the fictional_icon setting is drawn from known names only (never as markup).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { screen, waitFor } from '@testing-library/react';
import { DEFAULT_FICTIONAL_ICON, INTERESTS, INTEREST_KEYS } from '@app/contracts';
import type { LucideIcon } from 'lucide-react';
import { mockFetch } from '../test-support/fetch-mock.ts';
import { renderWithProviders, setupI18n } from '../test-support/render.tsx';
import { FICTIONAL_ICONS, FictionalIcon, fictionalMark } from './fictional-icon.tsx';
import { INTEREST_ICONS, interestIcon } from './interest-icons.tsx';
import { InterestList } from './interest-list.tsx';
import { HeartIcon } from './icons.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

/** The drawing of an icon: its shapes without the class names that carry its name. */
function drawing(IconComponent: LucideIcon): string {
  return renderToStaticMarkup(<IconComponent />)
    .replace(/ class="[^"]*"/g, '')
    .replace(/^<svg[^>]*>|<\/svg>$/g, '');
}

describe('interest icons', () => {
  it('draws an SVG for every interest key of the catalogue interests.php answers from', () => {
    expect(INTERESTS.length).toBe(INTEREST_KEYS.length);
    for (const interest of INTERESTS) {
      const IconComponent = interestIcon(interest.icon);
      expect(IconComponent, `${interest.key} (${interest.icon})`).toBeDefined();
      expect(drawing(IconComponent!), interest.key).toMatch(/<(path|circle|rect|line|polyline|polygon|ellipse)\b/);
    }
  });

  it('gives each interest its own icon (names and drawings all differ)', () => {
    const names = INTERESTS.map((interest) => interest.icon);
    expect(new Set(names).size).toBe(names.length);
    const drawings = INTERESTS.map((interest) => drawing(INTEREST_ICONS[interest.icon]));
    expect(new Set(drawings).size).toBe(drawings.length);
  });

  it('names icons in the icon set, never emoji or markup', () => {
    for (const interest of INTERESTS) expect(interest.icon, interest.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(interestIcon('constructor')).toBeUndefined();
    expect(interestIcon('🎭')).toBeUndefined();
  });

  it('shows each chip with a hidden icon and its translated name', async () => {
    // The catalogue comes from interests.php, as the server answers it.
    mockFetch(({ url }) =>
      url.pathname === '/api/interests.php'
        ? { body: { interests: INTERESTS.map((interest) => ({ ...interest })) } }
        : undefined,
    );
    const { container } = renderWithProviders(<InterestList keys={['hiking', 'coffee']} label="Interests" />);
    const list = await screen.findByRole('list', { name: 'Interests' });
    await waitFor(() => expect(container.querySelectorAll('li svg')).toHaveLength(2));
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByText('Hiking')).toBeTruthy();
    for (const svg of container.querySelectorAll('svg')) expect(svg.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('fictional-profile mark', () => {
  it('defaults to a known icon that differs from every interest icon', () => {
    const DefaultIcon = FICTIONAL_ICONS[DEFAULT_FICTIONAL_ICON];
    expect(DefaultIcon).toBeDefined();
    expect(INTERESTS.map((interest) => interest.icon)).not.toContain(DEFAULT_FICTIONAL_ICON);
    const defaultDrawing = drawing(DefaultIcon!);
    for (const interest of INTERESTS)
      expect(drawing(INTEREST_ICONS[interest.icon]), interest.key).not.toBe(defaultDrawing);
  });

  it('maps known names to icons, image addresses to images and anything else to text', () => {
    expect(fictionalMark('venetian-mask')).toEqual({ kind: 'icon', icon: FICTIONAL_ICONS['venetian-mask'] });
    expect(fictionalMark('https://cdn.example/mask.svg')).toEqual({
      kind: 'image',
      src: 'https://cdn.example/mask.svg',
    });
    expect(fictionalMark('/img/mask.png')).toEqual({ kind: 'image', src: '/img/mask.png' });
    expect(fictionalMark('javascript:alert(1)')).toEqual({ kind: 'text', text: 'javascri' });
    expect(fictionalMark('//evil.example/x.png')).toMatchObject({ kind: 'text' });
    expect(fictionalMark('🎭')).toEqual({ kind: 'text', text: '🎭' });
    expect(fictionalMark('toString')).toMatchObject({ kind: 'text' });
    expect(fictionalMark('')).toBeNull();
    expect(fictionalMark(null)).toBeNull();
  });

  it('draws the default as an SVG named by fictional_singular', () => {
    renderWithProviders(<FictionalIcon />, {
      settings: { fictional_icon: DEFAULT_FICTIONAL_ICON, fictional_singular: 'fictional profile' },
    });
    const icon = screen.getByRole('img', { name: 'fictional profile' });
    expect(icon.tagName.toLowerCase()).toBe('svg');
  });

  it('shows markup in the setting as text, never as elements', () => {
    const { container } = renderWithProviders(<FictionalIcon />, {
      settings: { fictional_icon: '<img src=x onerror=alert(1)>', fictional_singular: 'fictional profile' },
    });
    const mark = screen.getByRole('img', { name: 'fictional profile' });
    expect(mark.tagName.toLowerCase()).toBe('span');
    expect(container.querySelector('img')).toBeNull();
    expect(mark.textContent).toBe('<img src');
  });
});

describe('interface icons', () => {
  it('are decorative SVGs by default and named when given a label', () => {
    const hidden = renderToStaticMarkup(<HeartIcon />);
    expect(hidden).toContain('aria-hidden="true"');
    expect(hidden).toContain('width="16"');
    const named = renderToStaticMarkup(<HeartIcon role="img" aria-label="Liked" />);
    expect(named).not.toContain('aria-hidden');
    expect(named).toContain('aria-label="Liked"');
  });
});
