// The compiled theme carries SPEC section 9 (brand colours, the four layout breakpoints, 350 px toasts) and the design
// system (docs/design-system.md): a site's own colours reach every rule Bootstrap paints with the brand, the default
// shades read at 4.5:1, the type scale and the other tokens are published, and motion respects reduced motion.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileString } from 'sass';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_TEXT_CONTRAST, contrastRatio } from '@app/contracts';

const stylesDir = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.resolve(stylesDir, '..');
const nodeModules = path.resolve(stylesDir, '../../../../node_modules');
const compileTheme = (prelude = '') =>
  compileString(`${prelude}@import 'theme';`, {
    loadPaths: [stylesDir, nodeModules],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
    style: 'compressed',
  }).css;

let css = '';
/** The same theme built for a site in blue and violet: what differs from `css` is what the brand's colours decide. */
let otherCss = '';

beforeAll(() => {
  css = compileTheme();
  otherCss = compileTheme('$primary: #1e6fd9; $secondary: #7b2ff7; ');
}, 120_000);

const uniqueMatches = (pattern: RegExp, text = css) => [
  ...new Set([...text.matchAll(pattern)].map((match) => match[1])),
];

type Declaration = { media: string; selectors: string[]; property: string; value: string };

/** Splits at `separator` outside brackets and quotes. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === separator && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}

/** Every declaration of a style sheet, with its media context and its selectors one by one, in source order. */
function declarations(source: string): Declaration[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '');
  const found: Declaration[] = [];
  let index = 0;
  const readUntil = (stops: string) => {
    let read = '';
    let depth = 0;
    let quote: string | null = null;
    while (index < text.length) {
      const char = text[index]!;
      if (quote) {
        if (char === quote) quote = null;
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
      else if (depth === 0 && stops.includes(char)) return read;
      read += char;
      index += 1;
    }
    return read;
  };
  const block = (media: string) => {
    while (index < text.length) {
      if (text[index] === '}') {
        index += 1;
        return;
      }
      const head = readUntil('{;}').trim();
      if (text[index] === ';' || !head) {
        index += 1;
        continue;
      }
      index += 1;
      if (/^@(media|supports|layer|container)/.test(head)) block(`${media}${head.replace(/\s+/g, ' ')} `);
      else if (head.startsWith('@')) {
        for (let depth = 1; depth > 0; index += 1) depth += text[index] === '{' ? 1 : text[index] === '}' ? -1 : 0;
      } else {
        const selectors = splitTopLevel(head.replace(/\[([\w-]+)=['"]([^'"\]]*)['"]\]/g, '[$1=$2]'), ',').map(
          (selector) => selector.trim().replace(/\s+/g, ' '),
        );
        while (index < text.length && text[index] !== '}') {
          const declaration = readUntil(';}');
          const colon = declaration.indexOf(':');
          if (colon > 0)
            found.push({
              media,
              selectors,
              property: declaration.slice(0, colon).trim(),
              value: declaration.slice(colon + 1).trim(),
            });
          if (text[index] === ';') index += 1;
        }
        index += 1;
      }
    }
  };
  block('');
  return found;
}

/** #rrggbb of a compiled colour: hex, or rgb() in numbers or percentages. */
function toHex(value: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join('') : hex[1]!;
    return `#${digits.toLowerCase()}`;
  }
  const rgb = /^rgba?\(([^)]*)\)$/i.exec(value.trim());
  if (!rgb) throw new Error(`not a colour: ${value}`);
  const channels = rgb[1]!
    .split(/[\s,]+/)
    .slice(0, 3)
    .map((channel) => (channel.endsWith('%') ? (Number.parseFloat(channel) * 255) / 100 : Number(channel)));
  return `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

describe('theme', () => {
  it('uses the brand colours, and the primary for unread messages', () => {
    const colour = (name: string) => uniqueMatches(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'g'));
    expect(colour('bs-primary')).toEqual(['#ff6f61']);
    expect(colour('bs-secondary')).toEqual(['#ff9f1c']);
    expect(colour('bs-success')).toEqual(['#2e9e5b']);
    expect(colour('bs-dark')).toEqual(['#4a2c2a']);
    expect(colour('site-primary')).toEqual(['#ff6f61']);
    expect(colour('site-secondary')).toEqual(['#ff9f1c']);
    expect(uniqueMatches(/--unread-color:\s*([^;}]+)/g)).toEqual(['var(--site-primary)']);
  });

  it('switches layout at 576, 768, 992 and 1200 px, and nowhere else', () => {
    const widths = uniqueMatches(/@media\s*\(min-width:\s*([\d.]+)px\)/g)
      .map(Number)
      .sort((a, b) => a - b);
    expect(widths).toEqual([576, 768, 992, 1200]);
  });

  it('makes toasts 350 px wide', () => {
    expect(uniqueMatches(/--bs-toast-max-width:\s*([^;}]+)/g)).toEqual(['350px']);
  });

  it('has a dark colour mode on warm darks, the brand colours unchanged', () => {
    expect(css).toContain('[data-bs-theme=dark]');
    const dark = css.slice(css.indexOf('[data-bs-theme=dark]'));
    expect(dark).toMatch(/--bs-body-bg:\s*#1b1312/);
    expect(uniqueMatches(/--bs-primary:\s*(#[0-9a-f]{6})/g)).toEqual(['#ff6f61']);
  });
});

describe("a site's own colours", () => {
  it('reach every rule Bootstrap and the app paint with the primary or secondary, in light and dark mode', () => {
    const ours = declarations(css);
    const theirs = declarations(otherCss);
    expect(theirs.length).toBe(ours.length);
    // A declaration whose value depends on the build's $primary or $secondary bakes the brand in; it is fine only as a
    // `--site-*` default on :root, or when a later rule for the same selector sets it from the custom properties.
    const baked = ours.flatMap((declaration, index) => {
      if (declaration.value === theirs[index]!.value) return [];
      if (declaration.property.startsWith('--site-') && declaration.selectors.join() === ':root') return [];
      return declaration.selectors
        .filter(
          (selector) =>
            !ours.some(
              (later, laterIndex) =>
                laterIndex > index &&
                later.media === declaration.media &&
                later.property === declaration.property &&
                later.selectors.includes(selector) &&
                later.value === theirs[laterIndex]!.value,
            ),
        )
        .map((selector) => `${declaration.media}${selector} { ${declaration.property}: ${declaration.value} }`);
    });
    expect(baked).toEqual([]);
  });

  it("is wired into Bootstrap's variables, per colour mode", () => {
    const rule = (selector: string, ...contents: string[]) =>
      declarations(css).some(
        (declaration) =>
          declaration.selectors.includes(selector) && contents.includes(`${declaration.property}:${declaration.value}`),
      );
    const light = ':root';
    expect(rule(light, '--bs-primary:var(--site-primary)')).toBe(true);
    expect(rule(light, '--bs-primary-rgb:var(--site-primary-rgb)')).toBe(true);
    expect(rule(light, '--bs-link-color:var(--site-primary-text)')).toBe(true);
    expect(
      rule(light, '--brand-gradient:linear-gradient(135deg, var(--site-primary) 0%, var(--site-secondary) 100%)'),
    ).toBe(true);
    expect(rule('[data-bs-theme=dark]', '--bs-link-color:var(--site-primary-text-dark)')).toBe(true);
    expect(rule('.btn-primary', '--bs-btn-bg:var(--site-primary)')).toBe(true);
    expect(rule('.btn-primary', '--bs-btn-color:var(--site-on-primary)')).toBe(true);
    expect(rule('.btn-outline-primary', '--bs-btn-color:var(--site-primary-ink)')).toBe(true);
  });

  it('has default shades that read: text on white and on the pale tints, on the dark surfaces, and on the fills', () => {
    const site = Object.fromEntries(
      declarations(css)
        .filter((declaration) => declaration.selectors.join() === ':root' && declaration.property.startsWith('--site-'))
        .map((declaration) => [declaration.property, declaration.value]),
    );
    for (const name of ['primary', 'secondary']) {
      const colour = (suffix: string) => toHex(site[`--site-${name}${suffix}`]!);
      const onFill = toHex(site[`--site-on-${name}`]!);
      const pairs: [string, string][] = [
        [colour(''), onFill],
        [colour('-hover'), onFill],
        [colour('-active'), onFill],
        [colour('-text'), '#ffffff'],
        [colour('-text-hover'), '#ffffff'],
        [colour('-emphasis'), '#ffffff'],
        [colour('-emphasis'), colour('-bg-subtle')],
        [colour('-text-dark'), '#1b1312'],
        [colour('-text-dark'), '#2a1f1d'],
        [colour('-emphasis-dark'), colour('-bg-subtle-dark')],
      ];
      for (const [text, background] of pairs)
        expect(contrastRatio(text, background), `${name}: ${text} on ${background}`).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
    }
    // Outline buttons fill with their ink on hover: white text on the light mode's, the dark body on the dark one's.
    expect(contrastRatio(toHex(site['--site-primary-text']!), '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

describe('the design system', () => {
  it('sets a minor-third type scale for the headings, with a rounded display face', () => {
    const has = (pattern: RegExp) => pattern.test(css);
    expect(uniqueMatches(/--text-step-5:\s*([^;}]+)/g)).toEqual(['2.488rem']);
    expect(uniqueMatches(/--text-step-0:\s*([^;}]+)/g)).toEqual(['1rem']);
    // From 1200 px the headings have their full size (Bootstrap's responsive font sizes shrink them below).
    expect(has(/@media\(min-width: 1200px\)\{h1,\.h1\{font-size:2\.488rem\}\}/)).toBe(true);
    expect(has(/@media\(min-width: 1200px\)\{h2,\.h2\{font-size:2\.074rem\}\}/)).toBe(true);
    expect(has(/h5,\.h5\{font-size:1\.2rem\}h6,\.h6\{font-size:1rem\}/)).toBe(true);
    expect(has(/h6,\.h6,h5,\.h5,h4,\.h4,h3,\.h3,h2,\.h2,h1,\.h1\{[^}]*font-family:ui-rounded,/)).toBe(true);
    expect(has(/--bs-body-font-size:\s*1rem/)).toBe(true);
  });

  it('publishes spacing, radii, shadows and motion as custom properties, motion zeroed under reduced motion', () => {
    expect(uniqueMatches(/--space-3:\s*([^;}]+)/g)).toEqual(['1rem']);
    expect(uniqueMatches(/--space-6:\s*([^;}]+)/g)).toEqual(['4rem']);
    expect(uniqueMatches(/--radius-xl:\s*([^;}]+)/g)).toEqual(['1rem']);
    expect(/--shadow-2:\s*0 4px 12px/.test(css)).toBe(true);
    expect(uniqueMatches(/--motion-base:\s*([^;}]+)/g).sort()).toEqual(['0s', '200ms']);
    const reduced = declarations(css).filter(
      (declaration) =>
        declaration.media.includes('prefers-reduced-motion: reduce') && declaration.property.startsWith('--motion-'),
    );
    expect(reduced.map((declaration) => `${declaration.property}:${declaration.value}`).sort()).toEqual([
      '--motion-base:0s',
      '--motion-fast:0s',
      '--motion-slow:0s',
    ]);
  });
});

describe('the style sheets of the features', () => {
  const cssIn = (dir: string) =>
    fs
      .readdirSync(path.join(webSrc, dir))
      .filter((name) => name.endsWith('.css'))
      .map((name) => `${dir}/${name}`);
  const sheets = [
    ...fs.readdirSync(path.join(webSrc, 'features')).flatMap((feature) => cssIn(`features/${feature}`)),
    ...cssIn('components'),
  ].map((file) => ({ file, text: fs.readFileSync(path.join(webSrc, file), 'utf8') }));

  it("name no brand colour themselves: they take the site's from the custom properties", () => {
    const literals = /#ff6f61|#ff9f1c|#b34e44|#99433a|255,\s*111,\s*97|255,\s*159,\s*28/i;
    expect(sheets.filter((sheet) => literals.test(sheet.text)).map((sheet) => sheet.file)).toEqual([]);
  });

  it('animate only for members who have not asked for less motion', () => {
    const unguarded = sheets.flatMap(({ file, text }) => {
      const all = declarations(text);
      const isOff = (selector: string) =>
        all.some(
          (other) =>
            other.media.includes('prefers-reduced-motion: reduce') &&
            /^animation(-name)?$/.test(other.property) &&
            other.value === 'none' &&
            other.selectors.includes(selector),
        );
      return all
        .filter(
          (declaration) =>
            /^animation(-name)?$/.test(declaration.property) &&
            declaration.value !== 'none' &&
            !declaration.media.includes('prefers-reduced-motion: no-preference'),
        )
        .flatMap((declaration) => declaration.selectors.filter((selector) => !isOff(selector)))
        .map((selector) => `${file}: ${selector}`);
    });
    expect(sheets.length).toBeGreaterThan(5);
    expect(unguarded).toEqual([]);
  });
});
