// GET /api/settings.php and /api/companyinfo.php: the per-domain settings every page starts from.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, companyInfoResponseSchema, settingsQuerySchema, settingsResponseSchema } from '@app/contracts';
import { LANGUAGE_COOKIE, pageLanguage } from '@app/i18n';
import { lookupCountry } from '../../lib/geoip.ts';
import { normalizeHost } from '../../plugins/site/index.ts';
import { rateLimit } from '../../plugins/rate-limit.plugin.ts';

/** Every page load asks once; a browser navigating fast, or a household behind one address, stays far below. */
export const SETTINGS_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
import { chosenCountryOf, cleanPhone, toCompany, toSettings } from './sites.service.ts';

export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings.php',
    {
      config: rateLimit(SETTINGS_RATE_LIMIT),
      schema: {
        tags: ['sites'],
        summary: 'Settings of the site for a domain',
        querystring: settingsQuerySchema,
        response: { 200: settingsResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The web client sends its own hostname: behind a proxy or CDN the Host header may name another domain.
      const forced = request.query['forced-domain'];
      const site = forced ? await app.sites.resolve(normalizeHost(forced)) : request.site;
      const geoipCountry = lookupCountry(request.ip);
      const chosenCountry = chosenCountryOf(request);
      // The texts in the request's language (plugins/locale.plugin.ts), decided with the answering site's own language.
      const language = pageLanguage(request.query.lang, request.cookies[LANGUAGE_COOKIE], site.domainLanguage);
      // The answer depends on the client's address, cookies and language: no shared cache may keep it.
      reply.header('cache-control', 'private, no-cache');
      // Web push is signed with this installation's VAPID keys, so every site offers their public key.
      return {
        settings: {
          ...toSettings(site, { geoipCountry, chosenCountry }, language),
          push_public_key: app.push.publicKey,
        },
      };
    },
  );

  app.get(
    '/companyinfo.php',
    {
      schema: {
        tags: ['sites'],
        summary: 'Company details for the footer and legal pages',
        response: { 200: companyInfoResponseSchema },
      },
    },
    async (request) => ({
      company: toCompany(request.site),
      support_email: request.site.supportEmail,
      support_phone: cleanPhone(request.site.supportPhone),
    }),
  );
};
