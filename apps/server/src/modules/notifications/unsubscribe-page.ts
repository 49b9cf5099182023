// The small HTML page of an unsubscribe link (confirmation or done, or an invalid or expired link), in the member's
// language, with a link to their notification settings.
import { isUiLanguage, type UiLanguage } from '@app/i18n';
import { escapeHtml } from '../../lib/html.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { siteBaseUrl } from '../../plugins/mailer/index.ts';
import type { Recipient } from './notifications.repository.ts';
import type { UnsubscribeVerdict } from './unsubscribe-tokens.ts';

export const NOTIFICATIONS_TAGS = ['notifications'];

/** The small page of an unsubscribe link, in the member's language. */
export function unsubscribePage(
  publicUrl: string,
  request: { language: UiLanguage },
  result: { verdict: UnsubscribeVerdict; recipient?: Recipient },
  state: 'confirm' | 'done',
  token: string,
): string {
  const { recipient, verdict } = result;
  const language = recipient && isUiLanguage(recipient.language) ? recipient.language : request.language;
  const t = getTranslator(language);
  const site = recipient?.site;
  const siteName = site ? site.mailName || site.name : '';
  const settingsUrl = site ? `${siteBaseUrl(site, publicUrl)}/notifications` : '/notifications';
  let title: string;
  let body: string;
  if (!verdict.ok || !recipient) {
    title = t('notifications:unsubscribe.invalid_title');
    body = `<p>${escapeHtml(t('notifications:unsubscribe.invalid'))}</p>`;
  } else {
    const type = t(`notifications:types.${verdict.claim.type}`);
    if (state === 'done') {
      title = t('notifications:unsubscribe.done_title');
      body = `<p role="status">${escapeHtml(t('notifications:unsubscribe.done', { type }))}</p>`;
    } else {
      title = t('notifications:unsubscribe.title');
      body =
        `<p>${escapeHtml(t('notifications:unsubscribe.question', { type, site: siteName }))}</p>` +
        `<form method="post" action="/api/unsubscribe.php?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${escapeHtml(t('notifications:unsubscribe.button'))}</button></form>`;
    }
  }
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#3b2a24;line-height:1.5}h1{font-size:1.4rem}button{font:inherit;padding:.75rem 1.25rem;border-radius:.5rem;border:0;background:#b03a2e;color:#fff;cursor:pointer}a{color:#b03a2e}</style></head>
<body><main><h1>${escapeHtml(siteName ? `${siteName}: ${title}` : title)}</h1>${body}
<p><a href="${escapeHtml(settingsUrl)}">${escapeHtml(t('notifications:unsubscribe.settings'))}</a></p></main></body></html>`;
}
