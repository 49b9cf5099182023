// @vitest-environment node
// The compiled theme carries SPEC section 9: brand colours, the four layout breakpoints and 350 px toasts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'sass';
import { beforeAll, describe, expect, it } from 'vitest';

const themeFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'theme.scss');
const nodeModules = path.resolve(path.dirname(themeFile), '../../../../node_modules');
let css = '';

beforeAll(() => {
  css = compile(themeFile, {
    loadPaths: [nodeModules],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
    style: 'compressed',
  }).css;
}, 60_000);

const uniqueMatches = (pattern: RegExp) => [...new Set([...css.matchAll(pattern)].map((match) => match[1]))];

describe('theme', () => {
  it('uses the brand colours, and the primary for unread messages', () => {
    const colour = (name: string) => uniqueMatches(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'g'));
    expect(colour('bs-primary')).toEqual(['#ff6f61']);
    expect(colour('bs-secondary')).toEqual(['#ff9f1c']);
    expect(colour('bs-success')).toEqual(['#2e9e5b']);
    expect(colour('bs-dark')).toEqual(['#4a2c2a']);
    expect(colour('unread-color')).toEqual(['#ff6f61']);
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
