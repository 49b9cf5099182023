// The installable app's icons, drawn here (no downloaded artwork): the heart of favicon.svg on the spec's primary
// coral, as an SVG and as PNGs rendered once per size with sharp, kept in memory.
import sharp from 'sharp';

/** The spec's palette (SPEC section 9: primary coral); the same value as the web theme's $primary. */
export const THEME_COLOR = '#ff6f61';
export const BACKGROUND_COLOR = '#ffffff';

const HEART = 'M16 29s-12-7.6-12-16A7 7 0 0 1 16 9a7 7 0 0 1 12 4c0 8.4-12 16-12 16z';

/**
 * `any`: a rounded tile with the heart filling most of it. `maskable`: full-bleed coral with the heart inside the
 * central 80 % safe zone, so any platform mask (circle, squircle) keeps it whole.
 */
export function appIconSvg(purpose: 'any' | 'maskable'): string {
  const tile =
    purpose === 'maskable'
      ? `<rect width="32" height="32" fill="${THEME_COLOR}"/>`
      : `<rect width="32" height="32" rx="7" fill="${THEME_COLOR}"/>`;
  // The heart's box is about 24 x 20 units; scale it into the safe zone for maskable icons.
  const heart =
    purpose === 'maskable'
      ? `<g transform="translate(16 17) scale(0.62) translate(-16 -17)"><path fill="#fff" d="${HEART}"/></g>`
      : `<g transform="translate(16 17) scale(0.78) translate(-16 -17)"><path fill="#fff" d="${HEART}"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${tile}${heart}</svg>`;
}

export const APP_ICON_SIZES = [192, 512] as const;
/** iOS's home-screen icon (`/apple-touch-icon.png`, which Safari asks for whatever the page links): 180 px, full bleed. */
export const APPLE_TOUCH_ICON_SIZE = 180;
export type AppIconSize = (typeof APP_ICON_SIZES)[number] | typeof APPLE_TOUCH_ICON_SIZE;

export function createAppIcons() {
  const rendered = new Map<string, Promise<Buffer>>();
  return {
    svg: appIconSvg,
    /** PNG of the icon, rendered on first request and kept. */
    png(purpose: 'any' | 'maskable', size: AppIconSize): Promise<Buffer> {
      const key = `${purpose}:${size}`;
      let png = rendered.get(key);
      if (!png) {
        png = sharp(Buffer.from(appIconSvg(purpose)), { density: Math.ceil((72 * size) / 32) })
          .resize(size, size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        rendered.set(key, png);
        png.catch(() => rendered.delete(key));
      }
      return png;
    },
  };
}
