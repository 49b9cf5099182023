// GET /api/settings.php and /api/companyinfo.php: the per-domain settings every page starts from.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyInfoResponseSchema, settingsQuerySchema, settingsResponseSchema } from '@app/contracts';
import { lookupCountry } from '../../lib/geoip.ts';
import { normalizeHost } from '../../plugins/site.plugin.ts';
import { cleanPhone, toCompany, toSettings } from './sites.service.ts';

export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings.php',
    { schema: { tags: ['sites'], summary: 'Settings of the site for a domain', querystring: settingsQuerySchema, response: { 200: settingsResponseSchema } } },
    async (request) => {
      const forced = request.query['forced-domain'];
      const site = forced ? await app.sites.resolve(normalizeHost(forced)) : request.site;
      const geoipCountry = await lookupCountry(request.ip);
      return { settings: toSettings(site, { geoipCountry, chosenCountry: request.query.country }) };
    },
  );

  app.get(
    '/companyinfo.php',
    { schema: { tags: ['sites'], summary: 'Company details for the footer and legal pages', response: { 200: companyInfoResponseSchema } } },
    async (request) => ({
      company: toCompany(request.site),
      support_email: request.site.supportEmail,
      support_phone: cleanPhone(request.site.supportPhone),
    }),
  );
};
