// The request's interface language (?lang=, the cookie, then Accept-Language, then the site's domain_language) and its translator.
import fp from 'fastify-plugin';
import type { TFunction } from 'i18next';
import {
  DEFAULT_LOCALE,
  LANGUAGE_COOKIE,
  isUiLanguage,
  languageFromAcceptLanguage,
  localeFromDomainLanguage,
  type UiLanguage,
} from '@app/i18n';
import { getTranslator } from '../lib/i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved on first use, so it also works for errors raised before the site is known. */
    readonly language: UiLanguage;
    readonly t: TFunction;
  }
}

const cache = new WeakMap<object, UiLanguage>();

export const localePlugin = fp(
  async (app) => {
    app.decorateRequest('language', {
      getter() {
        const known = cache.get(this);
        if (known) return known;
        const cookie = this.cookies?.[LANGUAGE_COOKIE];
        // ?lang= names a page's language explicitly (the hreflang alternates link to it; the web stores it as the cookie).
        const asked = (this.query as Record<string, unknown> | undefined)?.lang;
        const language: UiLanguage =
          (isUiLanguage(asked) ? asked : null) ??
          (isUiLanguage(cookie) ? cookie : null) ??
          languageFromAcceptLanguage(this.headers['accept-language']) ??
          localeFromDomainLanguage(this.site?.domainLanguage) ??
          DEFAULT_LOCALE;
        cache.set(this, language);
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
