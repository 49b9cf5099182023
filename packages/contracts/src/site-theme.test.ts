// A site's theme colours: every text shade the theme derives reads at 4.5:1 where it is shown, text on the fills is
// brown or white by contrast, and the settings accept only '' or #rrggbb.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS } from './site-settings.ts';
import {
  BRAND_COLORS,
  MIN_TEXT_CONTRAST,
  contrastRatio,
  readableFill,
  relativeLuminance,
  shadeForContrast,
  siteThemeColor,
  siteThemeCss,
  siteThemeVariables,
  textOnFill,
  themeColorVariables,
} from './site-theme.ts';

const hexColor = fc.integer({ min: 0, max: 0xffffff }).map((value) => `#${value.toString(16).padStart(6, '0')}`);

describe('colour arithmetic', () => {
  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    // The brand's documented pairs (docs/accessibility.md).
    expect(contrastRatio('#b34e44', '#ffffff')).toBeCloseTo(5.1, 1);
    expect(contrastRatio(BRAND_COLORS.primary, BRAND_COLORS.dark)).toBeCloseTo(4.6, 1);
    expect(contrastRatio(BRAND_COLORS.primary, '#ffffff')).toBeCloseTo(2.7, 1);
  });

  it('darkens (or lightens) a colour only as far as it must to read', () => {
    const shade = shadeForContrast('#1e6fd9', ['#ffffff'], '#000000');
    expect(shade).toBe('#1e6fd9'); // already 4.9:1 on white
    const coral = shadeForContrast(BRAND_COLORS.primary, ['#ffffff'], '#000000');
    expect(contrastRatio(coral, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // One step less would not read.
    expect(contrastRatio(shadeForContrast(BRAND_COLORS.primary, ['#ffffff'], '#000000', 4.4), '#ffffff')).toBeLessThan(
      MIN_TEXT_CONTRAST,
    );
  });

  it('puts brown on light fills, white on dark ones, and moves mid-tones until one of them reads', () => {
    expect(textOnFill(BRAND_COLORS.primary)).toBe(BRAND_COLORS.dark);
    expect(textOnFill(BRAND_COLORS.secondary)).toBe(BRAND_COLORS.dark);
    expect(textOnFill('#1e6fd9')).toBe('#ffffff');
    // Pink #e91e63 reads with neither (white 4.3:1, brown 2.9:1): darkened a little, white reads.
    expect(textOnFill('#e91e63')).toBeNull();
    const pink = readableFill('#e91e63');
    expect(pink).not.toBe('#e91e63');
    expect(textOnFill(pink)).toBe('#ffffff');
    expect(readableFill('#1e6fd9')).toBe('#1e6fd9');
  });
});

describe('a site theme', () => {
  it('derives, for any colour, text shades that read on white, on the pale tint and on the dark surfaces', () => {
    fc.assert(
      fc.property(hexColor, (color) => {
        const variables = themeColorVariables('primary', color);
        const ratio = (text: string, background: string) => contrastRatio(variables[text]!, background);
        const onFill = variables['--site-on-primary']!;
        return (
          contrastRatio(variables['--site-primary']!, onFill) >= MIN_TEXT_CONTRAST &&
          contrastRatio(variables['--site-primary-hover']!, onFill) >= MIN_TEXT_CONTRAST &&
          contrastRatio(variables['--site-primary-active']!, onFill) >= MIN_TEXT_CONTRAST &&
          ratio('--site-primary-text', '#ffffff') >= MIN_TEXT_CONTRAST &&
          ratio('--site-primary-text-hover', '#ffffff') >= MIN_TEXT_CONTRAST &&
          ratio('--site-primary-emphasis', '#ffffff') >= MIN_TEXT_CONTRAST &&
          ratio('--site-primary-emphasis', variables['--site-primary-bg-subtle']!) >= MIN_TEXT_CONTRAST &&
          ratio('--site-primary-text-dark', '#1b1312') >= MIN_TEXT_CONTRAST &&
          ratio('--site-primary-text-dark', '#2a1f1d') >= MIN_TEXT_CONTRAST &&
          ratio('--site-primary-text-dark-hover', '#1b1312') >= MIN_TEXT_CONTRAST &&
          ratio('--site-primary-emphasis-dark', variables['--site-primary-bg-subtle-dark']!) >= MIN_TEXT_CONTRAST &&
          // Outline buttons fill with the text shade on hover: the dark body's colour reads on it.
          ratio('--site-primary-text-dark', '#1b1312') >= MIN_TEXT_CONTRAST
        );
      }),
      { numRuns: 500 },
    );
  });

  it('sets nothing for a site keeping the brand colours, and only the colours it has', () => {
    expect(siteThemeVariables({ theme_primary: '', theme_secondary: '' })).toEqual({});
    expect(siteThemeCss({ theme_primary: '', theme_secondary: '' })).toBe('');
    const variables = siteThemeVariables({ theme_primary: '#1E6FD9', theme_secondary: '' });
    expect(variables['--site-primary']).toBe('#1e6fd9');
    expect(variables['--site-primary-rgb']).toBe('30, 111, 217');
    expect(variables['--site-on-primary']).toBe('#ffffff');
    expect(Object.keys(variables).some((name) => name.includes('secondary'))).toBe(false);
    expect(siteThemeCss({ theme_primary: '', theme_secondary: '#14b8a6' })).toMatch(
      /^html:root\{--site-secondary:#14b8a6;--site-secondary-rgb:20, 184, 166;--site-on-secondary:#4a2c2a;/,
    );
    // A malformed stored value is ignored, never written into a page.
    expect(siteThemeCss({ theme_primary: 'red;}</style>', theme_secondary: '' })).toBe('');
    expect(siteThemeColor({ theme_primary: '' })).toBe(BRAND_COLORS.primary);
    expect(siteThemeColor({ theme_primary: '#1E6FD9' })).toBe('#1e6fd9');
  });

  it("is set in the site's settings as '' or #rrggbb", () => {
    for (const key of ['theme_primary', 'theme_secondary'] as const) {
      const schema = SITE_SETTINGS[key].schema;
      expect(SITE_SETTINGS[key]).toMatchObject({ section: 'identity', kind: 'text' });
      expect(schema.parse('')).toBe('');
      expect(schema.parse(' #1E6FD9 ')).toBe('#1e6fd9');
      for (const bad of ['red', '#12345', '#1234567', '1e6fd9', '#ggg000', 'rgb(0,0,0)']) {
        const result = schema.safeParse(bad);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('invalid_value');
      }
    }
  });
});
