// Public entry of site resolution: the plugin (`request.site`, `app.sites`), host names, the default site's values,
// and the site rows (the plugin owns `sites`; modules/sites re-exports them).
export { normalizeHost, sitePlugin } from './site.plugin.ts';
export { SPEC_COUNTRIES, defaultSiteValues } from './default-site.ts';
export type { SiteResolver } from './site-resolver.ts';
export {
  findSite,
  insertSite,
  listSiteNames,
  listSiteTimeZones,
  updateSite,
  type SiteSettingsRow,
} from './site-records.ts';
export { SITE_TEXT_COLUMNS, siteText, siteTextValues, siteTextsOf } from './site-texts.ts';
