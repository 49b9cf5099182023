// /offline.html: the page the service worker shows when a page cannot load (no connection). One static page with
// the text in every interface language (common:offline.*), the site's name and colours; /offline.js shows the
// member's language. The worker keeps a copy from its installation on.
import { LOCALES, LOCALE_VARIANTS } from '@app/i18n';
import { getTranslator } from '../../lib/i18n.ts';
import { THEME_COLOR } from './app-icons.ts';
import { escapeMarkup } from './site-meta.ts';

export function offlinePage(siteName: string): string {
  const sections = [...LOCALES, ...LOCALE_VARIANTS]
    .map((language) => {
      const t = getTranslator(language);
      return (
        `<section lang="${language}"${language === 'en' ? '' : ' hidden'}>` +
        `<h1>${escapeMarkup(t('offline.title'))}</h1><p>${escapeMarkup(t('offline.text'))}</p>` +
        `<button type="button" data-retry>${escapeMarkup(t('offline.retry'))}</button></section>`
      );
    })
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">' +
    `<meta name="theme-color" content="${THEME_COLOR}"><title>${escapeMarkup(siteName)}</title>` +
    '<style>' +
    'html{color-scheme:light dark}body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fff8f6;color:#3b2523}' +
    '@media (prefers-color-scheme:dark){body{background:#1b1312;color:#eee3e1}}' +
    'main{max-width:26rem;padding:2rem 1.5rem;text-align:center}.site{font-weight:700;color:#b34e44;margin-bottom:1.5rem}' +
    'h1{font-size:1.5rem;margin:0 0 .75rem}p{line-height:1.5;margin:0 0 1.5rem}' +
    `button{font:inherit;font-weight:600;border:0;border-radius:2rem;padding:.75rem 1.5rem;background:${THEME_COLOR};color:#2b1513;cursor:pointer}` +
    'button:focus-visible{outline:3px solid #3b2523;outline-offset:3px}' +
    '</style><script src="/offline.js" defer></script></head><body><main>' +
    `<div class="site" aria-hidden="true">${escapeMarkup(siteName)}</div>${sections}</main></body></html>`
  );
}
