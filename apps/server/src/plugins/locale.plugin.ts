// The request's interface language and its translator. SPEC section 1's order, the web app's too (`pageLanguage`):
// ?lang=, the cookie, the site's domain_language when it names a locale, English. The browser's Accept-Language
// plays no part: a first visit reads the site's language in its API messages as in its pages.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import { LANGUAGE_COOKIE, pageLanguage, type UiLanguage } from '@app/i18n';
import { getTranslator } from '../lib/i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved on first use, so it also works for errors raised before the site is known. */
    readonly language: UiLanguage;
    readonly t: TFunction;
  }
}

const cache = new WeakMap<object, UiLanguage>();

/**
 * The language of a request from its parts, whichever of them are known: also for a request Fastify refused before
 * any hook ran (plugins/errors.plugin.ts), which has no `language` of its own.
 */
export function languageOfRequest(request: FastifyRequest): UiLanguage {
  // ?lang= names a page's language explicitly (the hreflang alternates link to it; the web stores it as the cookie).
  const asked = (request.query as Record<string, unknown> | null | undefined)?.lang;
  const site = request.site as typeof request.site | null | undefined;
  return pageLanguage(asked, request.cookies?.[LANGUAGE_COOKIE], site?.domainLanguage);
}

export const localePlugin = fp(
  async (app) => {
    app.decorateRequest('language', {
      getter() {
        const known = cache.get(this);
        if (known) return known;
        const language = languageOfRequest(this);
        // Not kept while the site is unknown (an error before its hook ran): a later read may know it.
        if (this.site as typeof this.site | null) cache.set(this, language);
        return language;
      },
    });
    app.decorateRequest('t', {
      getter() {
        return getTranslator(this.language);
      },
    });
  },
  { name: 'locale' },
);
