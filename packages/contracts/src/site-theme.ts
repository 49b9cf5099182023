// A white-label site's own theme colours (sites.theme_primary / theme_secondary, docs/design-system.md): from the two
// colours staff enter, the CSS custom properties the web theme reads (apps/web/src/styles/_site-theme.scss), every text
// shade darkened or lightened until it reaches WCAG's 4.5:1 where it is shown. The server writes them into each page's
// head, the web app applies them again when the settings change; both call this one function.

/** '' or six hex digits: what a site's theme colour may be ('' keeps the brand's coral or orange). */
export const THEME_COLOR_PATTERN = /^(#[0-9a-f]{6})?$/i;

/** The brand's palette (SPEC section 9), the colours a site without its own keeps. */
export const BRAND_COLORS = { primary: '#ff6f61', secondary: '#ff9f1c', dark: '#4a2c2a' } as const;

/** WCAG 2 AA for text (docs/accessibility.md). */
export const MIN_TEXT_CONTRAST = 4.5;

/** The surfaces text is shown on: the light body, and the dark mode's body and raised surface (styles/theme.scss). */
const LIGHT_BODY = '#ffffff';
const DARK_BODY = '#1b1312';
const DARK_RAISED = '#2a1f1d';
const WHITE = '#ffffff';
const BLACK = '#000000';

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** `weight` (0 to 1) of `other` mixed into `color`, as Sass's mix(other, color, weight). */
export function mixColors(color: string, other: string, weight: number): string {
  const [a, b] = [parseHex(color), parseHex(other)];
  return toHex([0, 1, 2].map((index) => a[index]! * (1 - weight) + b[index]! * weight) as unknown as Rgb);
}

/** WCAG 2 relative luminance. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The colour mixed with `toward` (black to darken, white to lighten) in steps of 1 % until it reaches `ratio` against
 * every one of `backgrounds`: the least change that reads. `toward` itself when nothing less does.
 */
export function shadeForContrast(
  color: string,
  backgrounds: readonly string[],
  toward: string,
  ratio = MIN_TEXT_CONTRAST,
): string {
  for (let step = 0; step <= 100; step += 1) {
    const candidate = mixColors(color, toward, step / 100);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= ratio)) return candidate;
  }
  return toward;
}

/** Text on a fill: the brand's dark brown when it reads (4.5:1), else white when it does, else null. */
export function textOnFill(fill: string): string | null {
  if (contrastRatio(fill, BRAND_COLORS.dark) >= MIN_TEXT_CONTRAST) return BRAND_COLORS.dark;
  if (contrastRatio(fill, WHITE) >= MIN_TEXT_CONTRAST) return WHITE;
  return null;
}

/**
 * A colour buttons and badges can carry text on: as entered when brown or white text reads on it, else the nearer of
 * the colour darkened until white reads and lightened until brown reads (mid-tones such as #e91e63 read with neither).
 */
export function readableFill(color: string): string {
  if (textOnFill(color)) return color;
  const stepsTo = (toward: string, text: string) => {
    for (let step = 1; step <= 100; step += 1)
      if (contrastRatio(mixColors(color, toward, step / 100), text) >= MIN_TEXT_CONTRAST) return step;
    return 101;
  };
  const darker = stepsTo(BLACK, WHITE);
  const lighter = stepsTo(WHITE, BRAND_COLORS.dark);
  return darker <= lighter ? mixColors(color, BLACK, darker / 100) : mixColors(color, WHITE, lighter / 100);
}

const rgbList = (hex: string) => parseHex(hex).join(', ');

/** The custom properties of one theme colour (`name` primary or secondary); the names _site-theme.scss reads. */
export function themeColorVariables(name: 'primary' | 'secondary', color: string): Record<string, string> {
  const fill = readableFill(color.toLowerCase());
  const onFill = textOnFill(fill) ?? WHITE;
  // A fill under brown text gets lighter on hover and press, under white text darker: the text keeps its contrast.
  const pressTone = onFill === WHITE ? BLACK : WHITE;
  const text = shadeForContrast(fill, [LIGHT_BODY], BLACK);
  const bgSubtle = mixColors(fill, WHITE, 0.8);
  const bgSubtleDark = mixColors(fill, BLACK, 0.8);
  const textDark = shadeForContrast(fill, [DARK_BODY, DARK_RAISED], WHITE);
  const prefix = `--site-${name}`;
  return {
    [prefix]: fill,
    [`${prefix}-rgb`]: rgbList(fill),
    [`--site-on-${name}`]: onFill,
    [`${prefix}-hover`]: mixColors(fill, pressTone, 0.15),
    [`${prefix}-active`]: mixColors(fill, pressTone, 0.25),
    [`${prefix}-text`]: text,
    [`${prefix}-text-rgb`]: rgbList(text),
    [`${prefix}-text-hover`]: mixColors(text, BLACK, 0.2),
    [`${prefix}-text-hover-rgb`]: rgbList(mixColors(text, BLACK, 0.2)),
    [`${prefix}-emphasis`]: shadeForContrast(fill, [LIGHT_BODY, bgSubtle], BLACK),
    [`${prefix}-bg-subtle`]: bgSubtle,
    [`${prefix}-border-subtle`]: mixColors(fill, WHITE, 0.6),
    [`${prefix}-text-dark`]: textDark,
    [`${prefix}-text-dark-rgb`]: rgbList(textDark),
    [`${prefix}-text-dark-hover`]: mixColors(textDark, WHITE, 0.2),
    [`${prefix}-text-dark-hover-rgb`]: rgbList(mixColors(textDark, WHITE, 0.2)),
    [`${prefix}-emphasis-dark`]: shadeForContrast(fill, [DARK_BODY, DARK_RAISED, bgSubtleDark], WHITE),
    [`${prefix}-bg-subtle-dark`]: bgSubtleDark,
    [`${prefix}-border-subtle-dark`]: mixColors(fill, BLACK, 0.4),
  };
}

/** A site's two theme colours as stored ('' = the brand's). */
export type SiteThemeColors = { theme_primary: string; theme_secondary: string };

const isThemeColor = (value: string) => value !== '' && THEME_COLOR_PATTERN.test(value);

/** Every custom property a site's colours set; none for a site that keeps the brand's (a malformed value is ignored). */
export function siteThemeVariables(theme: SiteThemeColors): Record<string, string> {
  return {
    ...(isThemeColor(theme.theme_primary) ? themeColorVariables('primary', theme.theme_primary) : {}),
    ...(isThemeColor(theme.theme_secondary) ? themeColorVariables('secondary', theme.theme_secondary) : {}),
  };
}

/**
 * The site's colours as one style rule for the page's head, '' when it keeps the brand's. `html:root` outranks the
 * theme's own `:root` defaults whatever order the style sheets load in.
 */
export function siteThemeCss(theme: SiteThemeColors): string {
  const entries = Object.entries(siteThemeVariables(theme));
  return entries.length === 0 ? '' : `html:root{${entries.map(([name, value]) => `${name}:${value}`).join(';')}}`;
}

/** The browser's UI colour (`theme-color`, the manifest's theme_color): the site's primary, or the brand's coral. */
export function siteThemeColor(theme: Pick<SiteThemeColors, 'theme_primary'>): string {
  return isThemeColor(theme.theme_primary) ? theme.theme_primary.toLowerCase() : BRAND_COLORS.primary;
}
