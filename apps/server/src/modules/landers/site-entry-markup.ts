// The adult-content entry warning in a lander's server-written first view (docs/landers.md, "Entry warning"): the same
// markup as the web app's modal (features/site-entry), shown before any photo is seen instead of seconds later when
// the app has booted; the app's modal then takes its place.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import {
  SITE_ENTRY_DISMISSED_KEY,
  SITE_ENTRY_LEAVE_URL,
  SITE_ENTRY_VIEW_ID,
  shouldShowSiteEntryWarning,
  type LayoutKind,
} from '@app/contracts';
import { lookupCountry } from '../../lib/geoip.ts';
import { chosenCountryOf, selectCountry } from '../sites/index.ts';
import { escapeHtml } from '../../lib/html.ts';

/**
 * Runs where it stands, before the first paint: a visitor who entered before (the app's timestamp in localStorage) or
 * uses the installed app never sees the server's copy; "Enter" works before the app has booted (it keeps the same
 * timestamp the app keeps and removes the copy), focus starts on it and stays inside the warning (Tab cycles). The same text for every request, so the
 * content-security-policy allows it by its hash (plugins/web.plugin.ts).
 */
export const SITE_ENTRY_SCRIPT =
  `(function(){var v=document.getElementById(${JSON.stringify(SITE_ENTRY_VIEW_ID)});if(!v)return;var k=${JSON.stringify(SITE_ENTRY_DISMISSED_KEY)},d=null;` +
  `try{d=localStorage.getItem(k)}catch(e){}` +
  `if((d&&isFinite(Number(d)))||matchMedia('(display-mode: standalone)').matches){v.remove();return}` +
  `var b=v.querySelector('[data-site-entry-enter]'),D=document;` +
  // The focus trap from the first paint: Tab and Shift+Tab cycle through the warning's own controls, and focus that
  // lands behind it (a click, the address bar) comes back to Enter. Once the warning is gone (Enter, or the app's
  // modal took its place with its own trap) the listeners remove themselves at their next call.
  `function off(){D.removeEventListener('keydown',key,true);D.removeEventListener('focusin',keep,true)}` +
  `function key(e){if(!v.isConnected)return off();if(e.key!=='Tab')return;var n=v.querySelectorAll('button,a[href]'),f=n[0],l=n[n.length-1],a=D.activeElement,o=!v.contains(a);` +
  `if(e.shiftKey?(o||a===f):(o||a===l)){e.preventDefault();(e.shiftKey?l:f).focus()}}` +
  `function keep(e){if(!v.isConnected)return off();if(!v.contains(e.target))b.focus()}` +
  `D.addEventListener('keydown',key,true);D.addEventListener('focusin',keep,true);` +
  `b.addEventListener('click',function(){try{localStorage.setItem(k,String(Date.now()))}catch(e){}v.remove();off()});b.focus()})()`;

export function renderSiteEntryWarning(t: TFunction, site: { name: string; minAge: number }): string {
  const titleId = `${SITE_ENTRY_VIEW_ID}-title`;
  // Every value escaped: the texts are translations with the site's name in them.
  const text = (key: string, values?: Record<string, unknown>) => escapeHtml(t(key, values));
  return `<div id="${SITE_ENTRY_VIEW_ID}"><div class="fade modal-backdrop show site-entry-backdrop"></div><div role="dialog" aria-modal="true" aria-labelledby="${titleId}" class="fade modal show site-entry-warning d-block" tabindex="-1"><div class="modal-dialog modal-dialog-centered"><div class="modal-content">
<div class="modal-header border-0 pb-0 justify-content-center"><h2 id="${titleId}" class="modal-title h4 text-center"><span class="site-entry-badge" aria-hidden="true">${text('siteEntry.ageBadge', { age: site.minAge })}</span>${text('siteEntry.title')}</h2></div>
<div class="modal-body text-center"><p>${text('siteEntry.body', { name: site.name, age: site.minAge })}</p><p class="small text-body-secondary mb-0">${text('siteEntry.consent', { age: site.minAge })}</p></div>
<div class="modal-footer border-0 pt-0 justify-content-center gap-2"><button type="button" class="btn btn-primary btn-lg px-5" data-site-entry-enter>${text('siteEntry.enter')}</button><a class="btn btn-link text-body-secondary" href="${escapeHtml(SITE_ENTRY_LEAVE_URL)}" rel="noreferrer">${text('siteEntry.leave')}</a></div>
</div></div></div></div>`;
}

/**
 * The warning's markup when this visitor must see it first on a page of `layout` by the web app's own rules, else null;
 * what only the browser knows (an earlier "Enter", the installed app) SITE_ENTRY_SCRIPT checks before the first paint.
 */
export async function siteEntryWarningFor(
  request: FastifyRequest,
  reply: FastifyReply,
  layout: LayoutKind,
  t: TFunction,
): Promise<string | null> {
  await request.server.optionalMember(request, reply);
  const { site } = request;
  const shows = shouldShowSiteEntryWarning({
    layout,
    isLoggedIn: request.member !== null,
    isStandalone: false,
    dismissedAt: null,
    enableSiteEntryPopup: site.enableSiteEntryPopup,
    popupCountries: site.siteEntryPopupCountries,
    // The country settings.php answers for this address (`?country=`, else the cookie), so the app's modal agrees.
    country: selectCountry(site, chosenCountryOf(request), await lookupCountry(request.ip)),
  });
  return shows ? renderSiteEntryWarning(t, { name: site.name, minAge: site.minAge }) : null;
}
